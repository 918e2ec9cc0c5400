import type { sendMessageToSelfBodySchema } from '@uniwim/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/errors';
import type { RateLimiter, RateLimitPolicy } from '../../platform/rate-limit';
import type { SmsProvider } from '../../platform/sms';
import type { ActiveSession } from '../sessions/repo';
import type { UsersRepo } from '../users/repo';

/** Messages to oneself per account: a few a minute (a person copying something to the phone)... */
export const SEND_TO_SELF_PER_MINUTE: RateLimitPolicy = { name: 'send-to-self', limit: 3, windowMs: 60_000 };
/** ...and a ceiling a day, because every message costs money at the SMS vendor. */
export const SEND_TO_SELF_PER_DAY: RateLimitPolicy = {
  name: 'send-to-self-day',
  limit: 30,
  windowMs: 24 * 60 * 60_000,
};

type SendToSelf = z.output<typeof sendMessageToSelfBodySchema>;

/**
 * "Send to my phone": a signed-in user texts themselves (an address, a link from an application).
 * Only the account's own mobile is accepted, so this can never be used to message other people.
 */
export const createMessageService = (deps: {
  users: UsersRepo;
  sms: SmsProvider;
  rateLimiter: RateLimiter;
}) => ({
  sendToSelf: async (session: ActiveSession, message: SendToSelf): Promise<void> => {
    const account = await deps.users.findAccount(session.accountId);
    if (!account) throw new AppError('TOKEN_INVALID');
    if (!account.mobile) throw new AppError('NO_MOBILE');
    if (account.mobile !== message.sendMobile) throw new AppError('NOT_OWN_MOBILE');
    // Per account, not per address: the limit follows the person wherever they sign in.
    await deps.rateLimiter.enforceFor(SEND_TO_SELF_PER_MINUTE, account.id);
    await deps.rateLimiter.enforceFor(SEND_TO_SELF_PER_DAY, account.id);
    try {
      await deps.sms.send({
        mobile: account.mobile,
        template: 'message',
        params: { content: message.content },
        text: message.content,
      });
    } catch {
      // The provider layer has logged why (without the number or the text).
      throw new AppError('SMS_SEND_FAILED');
    }
  },
});

export type MessageService = ReturnType<typeof createMessageService>;
