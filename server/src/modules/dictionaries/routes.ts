import { dictionaryQueryBodySchema, dictionaryValuesSchema, envelopeSchema } from '@uniwim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, tenantScopeOf } from '../../platform/http/auth-guard';
import { ok } from '../../platform/http/envelope';
import type { DictionaryService } from './service';

export const dictionaryRoutes =
  (deps: { dictionaries: DictionaryService; auth: AuthGuard }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/ump/dictionary/getValueByCode',
      {
        onRequest: deps.auth.requiredOrClient('dictionary:read'),
        schema: {
          tags: ['shell'],
          summary: 'Values of dictionaries by code, for the active tenant',
          description:
            '`codes`: a list or a comma-separated string (at most 50). Answers every asked code with its active ' +
            "items ({value, name, nameEn, color, sort}) in order: the platform's type of that code with the " +
            "tenant's changes and own items, or the tenant's own type of that code; a disabled type, or a code " +
            'nobody defined, answers an empty list. Codes asked in the earlier camelCase style (deviceType) find ' +
            'their type (device_type). Answered from a cache that every instance drops when a dictionary ' +
            'changes. Also open to API credentials with the scope dictionary:read (their token as Bearer): the ' +
            "credential's tenant is the tenant.",
          security: [{ bearer: [] }],
          body: dictionaryQueryBodySchema,
          response: { 200: envelopeSchema(dictionaryValuesSchema) },
        },
      },
      async (request) => ok(await deps.dictionaries.valuesByCode(tenantScopeOf(request), request.body.codes)),
    );
  };
