import { envelopeSchema, watermarkTraceAnswerSchema, watermarkTraceRequestSchema } from '@uniwim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, sessionOf } from '../../platform/http/auth-guard';
import { ok } from '../../platform/http/envelope';
import type { WatermarkTraces } from './watermark-traces';

/** `POST /ump/watermark/traces`: a watermarked view (page, notice, file preview) asks for its trace id. */
export const watermarkTraceRoutes =
  (deps: { watermarkTraces: WatermarkTraces; auth: AuthGuard }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/ump/watermark/traces',
      {
        onRequest: deps.auth.required,
        schema: {
          tags: ['watermark'],
          summary: 'Issue the trace id a watermarked view shows (who, what, when, from where)',
          description:
            'Called when a watermarked view opens: a shell page (kind page, target its path), a notice ' +
            '(notice, its id) or a file preview (file, its id). The answer is an 8-character Crockford ' +
            'base32 id drawn in the watermark; /ump/waterLog finds the row by it. RATE_LIMITED beyond ' +
            '120 a minute per session.',
          security: [{ bearer: [] }],
          body: watermarkTraceRequestSchema,
          response: { 200: envelopeSchema(watermarkTraceAnswerSchema) },
        },
      },
      async (request) => {
        const traceId = await deps.watermarkTraces.issue(sessionOf(request), request.body, {
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        });
        return ok({ traceId });
      },
    );
  };
