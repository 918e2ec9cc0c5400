import { envelopeSchema, sendMessageToSelfBodySchema } from '@uniwim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuard, sessionOf } from '../../platform/http/auth-guard';
import { ok } from '../../platform/http/envelope';
import { type MessageService, SEND_TO_SELF_PER_DAY, SEND_TO_SELF_PER_MINUTE } from './service';

export const messageRoutes =
  (deps: { messages: MessageService; auth: AuthGuard }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/uniwim/message/chat/sendMessageToSelf',
      {
        preHandler: deps.auth.required,
        schema: {
          tags: ['shell'],
          summary: "Send a text message to the signed-in user's own mobile",
          description:
            `sendMobile must be the account's own number (NOT_OWN_MOBILE otherwise). ` +
            `${SEND_TO_SELF_PER_MINUTE.limit} per account and minute, ${SEND_TO_SELF_PER_DAY.limit} per day.`,
          security: [{ bearer: [] }],
          body: sendMessageToSelfBodySchema,
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (request) => {
        await deps.messages.sendToSelf(sessionOf(request), request.body);
        return ok(null, '发送成功');
      },
    );
  };
