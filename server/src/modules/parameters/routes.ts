import { envelopeSchema, paramQuerySchema, paramValuesSchema } from '@uniwim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, tenantScopeOf } from '../../platform/http/auth-guard';
import { ok } from '../../platform/http/envelope';
import type { ParameterService } from './service';

export const parameterRoutes =
  (deps: { parameters: ParameterService; auth: AuthGuard }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/ump/param/get',
      {
        onRequest: deps.auth.requiredOrClient('parameter:read'),
        schema: {
          tags: ['shell'],
          summary: 'Parameters of the active tenant that clients may read',
          description:
            "Answers `{key: value}` for the parameters marked readable by clients (never a secret): the tenant's " +
            'value of each, else the platform default. With `key`, only that parameter (NOT_FOUND when it is not ' +
            'defined or not readable by clients). Also open to API credentials with the scope parameter:read: the ' +
            "credential's tenant is the tenant.",
          security: [{ bearer: [] }],
          querystring: paramQuerySchema,
          response: { 200: envelopeSchema(paramValuesSchema) },
        },
      },
      async (request) => ok(await deps.parameters.get(tenantScopeOf(request), request.query.key)),
    );
  };
