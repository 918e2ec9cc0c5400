import { dictionaryQueryBodySchema, dictionaryValuesSchema, envelopeSchema } from '@uniwim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, tenantScopeOf } from '../../platform/http/auth-guard';
import { ok } from '../../platform/http/envelope';
import type { DictionaryService } from './service';

export const dictionaryRoutes =
  (deps: { dictionary: DictionaryService; auth: AuthGuard }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/ump/dictionary/getValueByCode',
      {
        preHandler: deps.auth.requiredOrClient('dictionary:read'),
        schema: {
          tags: ['shell'],
          summary: 'Values of dictionaries by code, for the active tenant',
          description:
            '`codes`: a list or a comma-separated string (at most 50). Answers every asked code with its ' +
            "items ({value, name, sort}) in order: the tenant's own dictionary of that code, else the " +
            "platform's; a code nobody defined answers an empty list. Also open to API credentials with the " +
            "scope dictionary:read (their token as Bearer): the credential's tenant is the tenant.",
          security: [{ bearer: [] }],
          body: dictionaryQueryBodySchema,
          response: { 200: envelopeSchema(dictionaryValuesSchema) },
        },
      },
      async (request) => ok(await deps.dictionary.valuesByCode(tenantScopeOf(request), request.body.codes)),
    );
  };
