import { dictionaryQueryBodySchema, dictionaryValuesSchema, envelopeSchema } from '@uniwim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, sessionOf } from '../../platform/http/auth-guard';
import { ok } from '../../platform/http/envelope';
import type { DictionaryService } from './service';

export const dictionaryRoutes =
  (deps: { dictionary: DictionaryService; auth: AuthGuard }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/ump/dictionary/getValueByCode',
      {
        preHandler: deps.auth.required,
        schema: {
          tags: ['shell'],
          summary: 'Values of dictionaries by code, for the active tenant',
          description:
            '`codes`: a list or a comma-separated string (at most 50). Answers every asked code with its ' +
            "items ({value, name, sort}) in order: the tenant's own dictionary of that code, else the " +
            "platform's; a code nobody defined answers an empty list.",
          security: [{ bearer: [] }],
          body: dictionaryQueryBodySchema,
          response: { 200: envelopeSchema(dictionaryValuesSchema) },
        },
      },
      async (request) => ok(await deps.dictionary.valuesByCode(sessionOf(request), request.body.codes)),
    );
  };
