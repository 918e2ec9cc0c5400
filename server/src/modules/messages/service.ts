import type {
  MessageSendAnswer,
  messageSendBodySchema,
  sendMessageToSelfBodySchema,
} from '@uniwim/contracts';
import type { z } from 'zod';
import type { Database, Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { RateLimiter, RateLimitPolicy } from '../../platform/rate-limit';
import type { ApiClientCaller } from '../api-clients/service';
import type { ActiveSession } from '../sessions/repo';
import type { UsersRepo } from '../users/repo';
import { type OutboxEntry, outboxRepo } from './outbox-repo';
import type { OutboxWorker } from './outbox-worker';
import { type TemplatedMessage, templatedEntries } from './template-send';

/** Messages to oneself per account: a few a minute (a person copying something to the phone)... */
export const SEND_TO_SELF_PER_MINUTE: RateLimitPolicy = { name: 'send-to-self', limit: 3, windowMs: 60_000 };
/** ...and a ceiling a day, because every message costs money at the SMS vendor. */
export const SEND_TO_SELF_PER_DAY: RateLimitPolicy = {
  name: 'send-to-self-day',
  limit: 30,
  windowMs: 24 * 60 * 60_000,
};

type SendToSelf = z.output<typeof sendMessageToSelfBodySchema>;
type MessageSend = z.output<typeof messageSendBodySchema>;

/** How a message to oneself ended its first attempt (the outbox keeps trying a failed one). */
export type SendToSelfOutcome = 'sent' | 'queued';

/**
 * Sending messages: every message becomes outbox rows (see outbox-worker.ts), written in the
 * transaction of whatever asked for it; the worker of this instance is woken once it commits.
 */
export const createMessageService = (deps: {
  db: Database;
  users: UsersRepo;
  rateLimiter: RateLimiter;
  worker: Pick<OutboxWorker, 'poke' | 'deliverNow'>;
}) => {
  const sendTemplated = async (message: TemplatedMessage): Promise<MessageSendAnswer> => {
    const answer = await deps.db.withTenant(message.tenantId, async (tx) => {
      const { entries, recipients } = await templatedEntries(tx, message);
      return { ids: await outboxRepo.enqueue(tx, entries), recipients };
    });
    deps.worker.poke();
    return answer;
  };

  return {
    /** Inside the caller's transaction; call `wake` once it committed. */
    enqueue: (tx: Tx, entries: readonly OutboxEntry[]) => outboxRepo.enqueue(tx, entries),
    wake: () => deps.worker.poke(),

    /**
     * "Send to my phone": a signed-in user texts themselves (an address, a link from an application).
     * Only the account's own mobile is accepted, so this can never be used to message other people.
     * The answer waits for the first attempt (the person is looking at their phone): 'queued' when
     * it failed for a reason the outbox retries; a message the vendor can never take is refused.
     */
    sendToSelf: async (session: ActiveSession, message: SendToSelf): Promise<SendToSelfOutcome> => {
      const account = await deps.users.findAccount(session.accountId);
      if (!account) throw new AppError('TOKEN_INVALID');
      if (!account.mobile) throw new AppError('NO_MOBILE');
      if (account.mobile !== message.sendMobile) throw new AppError('NOT_OWN_MOBILE');
      // Per account, not per address: the limit follows the person wherever they sign in.
      await deps.rateLimiter.enforceFor(SEND_TO_SELF_PER_MINUTE, account.id);
      await deps.rateLimiter.enforceFor(SEND_TO_SELF_PER_DAY, account.id);
      const entry: OutboxEntry = {
        tenantId: session.tenantId,
        accountId: account.id,
        channel: 'sms',
        source: 'self',
        content: message.content,
        mobile: account.mobile,
        createdBy: account.username,
      };
      const write = (tx: Tx) => outboxRepo.enqueue(tx, [entry]);
      const [id] = session.tenantId
        ? await deps.db.withTenant(session.tenantId, write)
        : await deps.db.asPlatform(write);
      const status = (await deps.worker.deliverNow([id!])).get(id!);
      // The provider layer has logged why (without the number or the text).
      if (status === 'dead') throw new AppError('SMS_SEND_FAILED');
      return status === 'sent' ? 'sent' : 'queued';
    },

    /** `POST /ump/open/messages/send`: an application's templated message to members of its tenant. */
    sendFromClient: (caller: ApiClientCaller, body: MessageSend): Promise<MessageSendAnswer> => {
      if (!caller.tenantId) throw new AppError('MESSAGE_CLIENT_WITHOUT_TENANT');
      return sendTemplated({
        tenantId: caller.tenantId,
        templateCode: body.templateCode,
        params: body.params ?? {},
        accountIds: body.accountIds,
        usernames: body.usernames,
        link: body.link ?? null,
        source: 'api',
        createdBy: caller.name,
      });
    },
  };
};

export type MessageService = ReturnType<typeof createMessageService>;
