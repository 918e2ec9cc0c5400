import { envelopeSchema, publicKeySchema } from '@uniwim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJsonText } from '../../platform/http/envelope';
import type { KeyService } from './service';

export const keyRoutes =
  (keys: KeyService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/ump/key',
      {
        schema: {
          tags: ['auth'],
          summary: 'Public key browsers encrypt passwords with (RSA-OAEP, SHA-256, SPKI PEM)',
          response: { 200: envelopeSchema(publicKeySchema) },
        },
      },
      async (_request, reply) => {
        sendJsonText(reply, await keys.publicKeyEnvelopeJson());
      },
    );
  };
