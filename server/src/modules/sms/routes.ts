import { envelopeSchema, sendCodeBodySchema } from '@uniwim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { ok } from '../../platform/http/envelope';
import type { RateLimiter, RateLimitPolicy } from '../../platform/rate-limit';
import type { AccountDirectory } from '../auth/account-directory';
import { requestContext } from '../auth/request-context';
import type { SignIn } from '../auth/sign-in';
import type { VerificationCodes } from './code-service';

export const CODE_SENT_MESSAGE = '验证码已发送，请注意查收';
/** Code requests per client address and minute, on top of the per-number and daily limits. */
export const SEND_CODE_RATE_LIMIT: RateLimitPolicy = { name: 'send-code', limit: 10, windowMs: 60_000 };

export const smsRoutes =
  (deps: {
    codes: VerificationCodes;
    accounts: AccountDirectory;
    signIn: SignIn;
    rateLimiter: RateLimiter;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/dmp/verificationCode',
      {
        schema: {
          tags: ['sms'],
          summary: 'Send a six-digit SMS code',
          description:
            'LOGIN_CODE, FORGET_PWD_CODE and CHANGE_PWD_CODE answer the same whether or not the number belongs ' +
            'to an account (nothing is sent when it does not). REGISTER_CODE is refused for registered numbers. ' +
            'TWO_FACTOR_CODE resends the code of a pending sign-in named by `ticket`. One code per number and ' +
            'type per 60 s; daily caps per number and per address.',
          body: sendCodeBodySchema,
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (request) => {
        const { ip } = requestContext(request);
        await deps.rateLimiter.enforceFor(SEND_CODE_RATE_LIMIT, ip);
        const { type, ticket } = request.body;
        if (type === 'TWO_FACTOR_CODE') {
          const pending = ticket ? await deps.signIn.pendingOf(ticket) : null;
          const account = pending ? await deps.accounts.findById(pending.accountId) : undefined;
          if (!account?.mobile || !ticket) throw new AppError('CODE_INVALID', '登录已失效，请重新登录');
          await deps.codes.send({ type, mobile: account.mobile, ip, binding: ticket });
          return ok(null, CODE_SENT_MESSAGE);
        }
        const mobile = request.body.mobile;
        if (!mobile) throw new AppError('BAD_REQUEST', '请先输入手机号');
        const account = await deps.accounts.findByMobile(mobile);
        if (type === 'REGISTER_CODE') {
          if (account) throw new AppError('MOBILE_TAKEN');
          await deps.codes.send({ type, mobile, ip });
        } else {
          await deps.codes.send({ type, mobile, ip, deliver: account?.status === 'active' });
        }
        return ok(null, CODE_SENT_MESSAGE);
      },
    );
  };
