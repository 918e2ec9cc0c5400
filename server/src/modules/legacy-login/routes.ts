import { envelopeSchema, legacyLoginAnswerSchema, legacyLoginBodySchema } from '@uniwim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope';
import type { RateLimiter } from '../../platform/rate-limit';
import { requestContext } from '../auth/request-context';
import { LOGIN_RATE_LIMIT } from '../auth/routes';
import type { LegacyLogin } from './service';

export const legacyLoginRoutes =
  (deps: { legacyLogin: LegacyLogin; rateLimiter: RateLimiter }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/uniwim/ump/uniLogin',
      {
        schema: {
          tags: ['auth'],
          summary: "Sign in to a tenant's legacy system (cloud 3, sysType s7)",
          description:
            'The platform calls only the login address configured for the tenant; `url`, when given, must be ' +
            'that address. Code 0 answers the legacy bulletin page with its utoken, for the browser to open.',
          querystring: z.object({ url: z.string().max(2000).optional() }),
          body: legacyLoginBodySchema,
          response: { 200: envelopeSchema(legacyLoginAnswerSchema) },
        },
      },
      async (request) => {
        const context = requestContext(request);
        await deps.rateLimiter.enforceFor(LOGIN_RATE_LIMIT, context.ip);
        return ok(
          await deps.legacyLogin({ ...request.body, requestedUrl: request.query.url }, context),
          '登录成功',
        );
      },
    );
  };
