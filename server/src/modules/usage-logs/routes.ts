import {
  casualUserSchema,
  envelopeSchema,
  touristUsageLogBodySchema,
  usageLogBodySchema,
  VISITOR_ID_PATTERN,
} from '@uniwim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { type AuthGuard, sessionOf } from '../../platform/http/auth-guard';
import { ok, sendJsonText } from '../../platform/http/envelope';
import type { RateLimiter, RateLimitPolicy } from '../../platform/rate-limit';
import { requestContext } from '../auth/request-context';
import type { TenantService } from '../tenants/service';
import { casualUserFor, type UsageLogService } from './service';

/** Visitor logs per client address and minute: a person opens a few applications, not hundreds. */
export const TOURIST_LOG_RATE_LIMIT: RateLimitPolicy = { name: 'tourist-log', limit: 120, windowMs: 60_000 };
/** New visitor identities per client address and minute: a page asks once and keeps the answer. */
export const CASUAL_USER_RATE_LIMIT: RateLimitPolicy = { name: 'casual-user', limit: 30, windowMs: 60_000 };

/** The same answer every time: serialised once (the hottest write of the shell). */
const SAVED_JSON = JSON.stringify(ok(null, '保存成功'));

export const usageLogRoutes =
  (deps: {
    usageLogs: UsageLogService;
    tenants: TenantService;
    auth: AuthGuard;
    rateLimiter: RateLimiter;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    // Requests still running when the server closes have their rows written as they finish.
    app.addHook('onClose', async () => {
      await deps.usageLogs.close();
    });

    app.post(
      '/ump/accessLog/saveLog',
      {
        onRequest: deps.auth.requiredOrClient('usage-log:write'),
        schema: {
          tags: ['shell'],
          summary:
            'Record a usage log of the signed-in user (type 1 application opened, 2 package downloaded)',
          description:
            'The user and tenant come from the session; a userName in the body is ignored. The answer comes ' +
            'as soon as the log is queued; logs are written in batches within about 200 ms. Also open to ' +
            "API credentials with the scope usage-log:write: the log is the credential's (user name " +
            '"client:<client id>", its tenant), and a credential of an application posts logs of that ' +
            'application only (403 API_SCOPE_NOT_GRANTED otherwise).',
          security: [{ bearer: [] }],
          body: usageLogBodySchema,
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (request, reply) => {
        const client = request.apiClient;
        if (client) {
          if (client.applicationId !== null && client.applicationId !== request.body.applicationId) {
            throw new AppError('API_SCOPE_NOT_GRANTED', '该接口凭据只能上报所属应用的使用日志');
          }
          await deps.usageLogs.recordForClient(client, request.body, requestContext(request));
        } else {
          await deps.usageLogs.recordForUser(sessionOf(request), request.body, requestContext(request));
        }
        sendJsonText(reply, SAVED_JSON);
      },
    );

    app.post(
      '/ump/accessTouristLog/saveLog',
      {
        schema: {
          tags: ['shell'],
          summary: 'Record a usage log of a visitor (userName "tourist-" + visitor id)',
          description:
            'No token. The log belongs to the tenant of the page (`tenant` query parameter, code or id, else ' +
            `the tenant owning the host name), or to none. ${TOURIST_LOG_RATE_LIMIT.limit} per client address ` +
            'and minute.',
          querystring: z.object({ tenant: z.string().trim().max(100).optional() }),
          body: touristUsageLogBodySchema,
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (request, reply) => {
        const context = requestContext(request);
        await deps.rateLimiter.enforceFor(TOURIST_LOG_RATE_LIMIT, context.ip);
        const tenant = await deps.tenants.resolveForPage(request.headers.host, request.query.tenant);
        await deps.usageLogs.recordForVisitor(request.body, tenant?.id ?? null, context);
        sendJsonText(reply, SAVED_JSON);
      },
    );

    app.get(
      '/ump/user/getCasualUser',
      {
        schema: {
          tags: ['shell'],
          summary: 'A new visitor identity for usage logs of people who are not signed in',
          description:
            'Answers a visitor id and the user name to log under ("tourist-" + id). With `fingerprint` (the ' +
            "page's browser fingerprint, 8-64 of A-Za-z0-9_-) the id is derived from it, so a browser keeps its " +
            'identity; without, it is random. Nothing is stored. ' +
            `${CASUAL_USER_RATE_LIMIT.limit} per client address and minute.`,
          querystring: z.looseObject({
            fingerprint: z
              .string()
              .regex(VISITOR_ID_PATTERN, 'fingerprint 须为8-64位字母、数字或 _ -')
              .optional(),
          }),
          response: { 200: envelopeSchema(casualUserSchema) },
        },
      },
      async (request) => {
        await deps.rateLimiter.enforceFor(CASUAL_USER_RATE_LIMIT, request.ip);
        return ok(casualUserFor(request.query.fingerprint));
      },
    );
  };
