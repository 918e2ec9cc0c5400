import {
  encodedBodySchema,
  envelopeSchema,
  loginResultSchema,
  registrationDataSchema,
  tenantSuggestionSchema,
} from '@uniwim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decodeDataField } from '../../platform/http/encoded-body';
import { ok } from '../../platform/http/envelope';
import type { RateLimiter, RateLimitPolicy } from '../../platform/rate-limit';
import { requestContext } from '../auth/request-context';
import type { Registration } from './service';

/** Suggestions per client address and minute: typing asks often, harvesting the list should not work. */
export const SUGGESTION_RATE_LIMIT: RateLimitPolicy = { name: 'tenant-suggest', limit: 60, windowMs: 60_000 };

export const registrationRoutes =
  (deps: { registration: Registration; rateLimiter: RateLimiter }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/dmp/tenant/suggest',
      {
        schema: {
          tags: ['registration'],
          summary: 'Company names for the registration form (tenants open to self-registration)',
          description: 'At least two characters; at most 10 answers; rate-limited per address.',
          querystring: z.object({ name: z.string().trim().min(2, '请至少输入两个字').max(50) }),
          response: { 200: envelopeSchema(z.array(tenantSuggestionSchema)) },
        },
      },
      async (request) => {
        await deps.rateLimiter.enforceFor(SUGGESTION_RATE_LIMIT, request.ip);
        return ok(await deps.registration.suggest(request.query.name));
      },
    );

    app.post(
      '/dmp/register',
      {
        schema: {
          tags: ['registration'],
          summary: 'Register under a company and sign in',
          description:
            'Body `{data}`: base64 of the UTF-8 JSON `{tenantId, username, mobile, password, code}`, password ' +
            'being base64 RSA-OAEP ciphertext (GET /ump/key) and code a REGISTER_CODE.',
          body: encodedBodySchema,
          response: { 200: envelopeSchema(loginResultSchema) },
        },
      },
      async (request) => {
        const input = decodeDataField(request.body.data, registrationDataSchema);
        return ok(await deps.registration.register(input, requestContext(request)), '注册成功');
      },
    );
  };
