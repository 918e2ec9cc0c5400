import { envelopeSchema, logDeadLetterPageSchema, logDeadLettersQuerySchema } from '@uniwim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, sessionOf } from '../../platform/http/auth-guard';
import { ok } from '../../platform/http/envelope';
import type { AccessService } from '../access/service';
import type { LogDeadLettersRepo } from './repo';

/** Log rows the database refused, for platform administrators (the admin pages will show them). */
export const logDeadLetterRoutes =
  (deps: {
    logDeadLetters: LogDeadLettersRepo;
    access: AccessService;
    auth: AuthGuard;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/dmp/admin/log-dead-letters',
      {
        onRequest: deps.auth.required,
        schema: {
          tags: ['admin'],
          summary: 'Log rows the database refused, set aside by the log writers (platform administrators)',
          description:
            'A login-log or usage-log row the database refuses (a NUL character, a broken constraint) is set ' +
            'aside here with the SQLSTATE and message instead of blocking the rows behind it. Newest first. ' +
            'FORBIDDEN for anyone but a platform administrator.',
          security: [{ bearer: [] }],
          querystring: logDeadLettersQuerySchema,
          response: { 200: envelopeSchema(logDeadLetterPageSchema) },
        },
      },
      async (request) => {
        await deps.access.assertPlatformAdmin(sessionOf(request));
        const { page, pageSize } = request.query;
        const { total, items } = await deps.logDeadLetters.list(page, pageSize);
        return ok({
          total,
          page,
          pageSize,
          list: items.map((item) => ({ ...item, createdAt: item.createdAt.toISOString() })),
        });
      },
    );
  };
