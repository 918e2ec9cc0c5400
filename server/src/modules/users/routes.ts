import { envelopeSchema, memberByPhoneSchema, userByPhoneQuerySchema } from '@uniwim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors';
import { type AuthGuard, sessionOf } from '../../platform/http/auth-guard';
import { ok } from '../../platform/http/envelope';
import type { RateLimiter, RateLimitPolicy } from '../../platform/rate-limit';
import type { AccessService } from '../access/service';
import { maskMobile } from '../auth/request-context';
import type { UsersRepo } from './repo';

/** Look-ups per account and minute: enough to pick people, not to harvest a tenant's phone book. */
export const USER_BY_PHONE_RATE_LIMIT: RateLimitPolicy = {
  name: 'user-by-phone',
  limit: 30,
  windowMs: 60_000,
};

export const userRoutes =
  (deps: {
    users: UsersRepo;
    access: AccessService;
    auth: AuthGuard;
    rateLimiter: RateLimiter;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/ump/user/getByPhone',
      {
        onRequest: deps.auth.required,
        schema: {
          tags: ['shell'],
          summary: 'The member of the active tenant with this mobile number',
          description:
            `Only members of the caller's active tenant are found (NOT_FOUND otherwise); the number in the ` +
            `answer is masked. ${USER_BY_PHONE_RATE_LIMIT.limit} per account and minute.`,
          security: [{ bearer: [] }],
          querystring: userByPhoneQuerySchema,
          response: { 200: envelopeSchema(memberByPhoneSchema) },
        },
      },
      async (request) => {
        const session = sessionOf(request);
        await deps.rateLimiter.enforceFor(USER_BY_PHONE_RATE_LIMIT, session.accountId);
        const { phone } = request.query;
        let account: Awaited<ReturnType<UsersRepo['findMemberByMobile']>>;
        if (session.tenantId) account = await deps.users.findMemberByMobile(session.tenantId, phone);
        else if (await deps.access.isPlatformAdmin(session))
          account = await deps.users.findActiveAccountByMobile(phone);
        if (!account) throw new AppError('NOT_FOUND', '未找到该手机号对应的用户');
        return ok({
          id: account.id,
          sn: account.sn,
          username: account.username,
          name: account.name,
          mobile: maskMobile(account.mobile),
        });
      },
    );
  };
