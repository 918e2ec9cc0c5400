import {
  envelopeSchema,
  messageSendAnswerSchema,
  messageSendBodySchema,
  sendMessageToSelfBodySchema,
} from '@uniwim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { type AuthGuard, sessionOf } from '../../platform/http/auth-guard';
import { ok } from '../../platform/http/envelope';
import { type MessageService, SEND_TO_SELF_PER_DAY, SEND_TO_SELF_PER_MINUTE } from './service';

export const messageRoutes =
  (deps: { messages: MessageService; auth: AuthGuard }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/uniwim/message/chat/sendMessageToSelf',
      {
        onRequest: deps.auth.required,
        schema: {
          tags: ['shell'],
          summary: "Send a text message to the signed-in user's own mobile",
          description:
            `sendMobile must be the account's own number (NOT_OWN_MOBILE otherwise). ` +
            `${SEND_TO_SELF_PER_MINUTE.limit} per account and minute, ${SEND_TO_SELF_PER_DAY.limit} per day. ` +
            'The message goes through the outbox and the answer waits for its first attempt: 发送成功 when ' +
            'the vendor took it; when that attempt failed for a passing reason the message stays queued, ' +
            'is retried with backoff and the answer says so (still 200); 502 SMS_SEND_FAILED when the ' +
            'vendor can never take it (no free-text template configured).',
          security: [{ bearer: [] }],
          body: sendMessageToSelfBodySchema,
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (request) => {
        const outcome = await deps.messages.sendToSelf(sessionOf(request), request.body);
        return ok(null, outcome === 'sent' ? '发送成功' : '短信已提交，暂未送达，系统将自动重试');
      },
    );

    app.post(
      '/ump/open/messages/send',
      {
        onRequest: deps.auth.requiredOrClient('message:send'),
        schema: {
          tags: ['messages'],
          summary: 'Send a templated message to members of the tenant (applications, with an API credential)',
          description:
            'Bearer: a client-credentials token (POST /dmp/oauth/token) of a credential of the tenant with the ' +
            'scope message:send. templateCode: an enabled message template of the tenant (404 ' +
            'MESSAGE_TEMPLATE_NOT_FOUND, 422 MESSAGE_TEMPLATE_DISABLED); params: a value for every {param} of ' +
            'its content (422 MESSAGE_TEMPLATE_PARAMS_MISSING naming those without); recipients by accountIds ' +
            'and/or usernames, members of the tenant (404 MESSAGE_RECIPIENT_NOT_FOUND naming the others; nothing ' +
            "is sent then). Each recipient gets the channels of the template's class, each a row of the outbox " +
            '(retried with backoff); the answer lists those rows. A user session is refused (403 ' +
            'MESSAGE_SEND_API_ONLY).',
          security: [{ bearer: [] }],
          body: messageSendBodySchema,
          response: { 200: envelopeSchema(messageSendAnswerSchema) },
        },
      },
      async (request) => {
        const caller = request.apiClient;
        if (!caller) throw new AppError('MESSAGE_SEND_API_ONLY');
        return ok(await deps.messages.sendFromClient(caller, request.body), '已提交发送');
      },
    );
  };
