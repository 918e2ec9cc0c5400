import {
  envelopeSchema,
  messageClassParamsSchema,
  messageIdParamsSchema,
  messageIdsBodySchema,
  messagePreferenceBodySchema,
  messagePreferenceSchema,
  messagePreferencesSchema,
  messageReadAnswerSchema,
  messageUnreadSchema,
  myMessagesPageSchema,
  myMessagesQuerySchema,
} from '@uniwim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuard, sessionOf } from '../../platform/http/auth-guard';
import { ok } from '../../platform/http/envelope';
import type { MessageCentreService } from './service';

const tags = ['messages'];
const security = [{ bearer: [] }];

/** `/ump/messages`: the signed-in member's own message centre in the active tenant (the header's 消息). */
export const messageCentreRoutes =
  (deps: { messageCentre: MessageCentreService; auth: AuthGuard }): FastifyPluginAsyncZod =>
  async (app) => {
    const centre = deps.messageCentre;
    const guard = { onRequest: deps.auth.required };

    app.get(
      '/ump/messages',
      {
        ...guard,
        schema: {
          tags,
          summary: "The member's in-app messages, newest first",
          description: '`unread=true`: only unread ones (false: only read ones); `classId`: of one class.',
          security,
          querystring: myMessagesQuerySchema,
          response: { 200: envelopeSchema(myMessagesPageSchema) },
        },
      },
      async (request) => ok(await centre.mine(sessionOf(request), request.query)),
    );

    app.get(
      '/ump/messages/unread',
      {
        ...guard,
        schema: {
          tags,
          summary: "The header's count: the member's unread messages",
          security,
          response: { 200: envelopeSchema(messageUnreadSchema) },
        },
      },
      async (request) => ok(await centre.unread(sessionOf(request))),
    );

    app.post(
      '/ump/messages/:id/read',
      {
        ...guard,
        schema: {
          tags,
          summary: 'Mark one of my messages read',
          description: "404 MESSAGE_NOT_FOUND when the message is not the member's.",
          security,
          params: messageIdParamsSchema,
          body: z.strictObject({}).optional(),
          response: { 200: envelopeSchema(messageReadAnswerSchema) },
        },
      },
      async (request) => ok(await centre.markRead(sessionOf(request), [request.params.id]), '已读'),
    );

    app.post(
      '/ump/messages/read',
      {
        ...guard,
        schema: {
          tags,
          summary: 'Mark several of my messages read, all or none',
          description: "404 MESSAGE_NOT_FOUND (nothing changed) when any id is not the member's.",
          security,
          body: messageIdsBodySchema,
          response: { 200: envelopeSchema(messageReadAnswerSchema) },
        },
      },
      async (request) => ok(await centre.markRead(sessionOf(request), request.body.ids), '已读'),
    );

    app.post(
      '/ump/messages/read-all',
      {
        ...guard,
        schema: {
          tags,
          summary: 'Mark all my messages read',
          security,
          body: z.strictObject({}).optional(),
          response: { 200: envelopeSchema(messageReadAnswerSchema) },
        },
      },
      async (request) => ok(await centre.markRead(sessionOf(request)), '已全部标为已读'),
    );

    app.get(
      '/ump/messages/preferences',
      {
        ...guard,
        schema: {
          tags,
          summary: "The tenant's message classes with the member's choice for each",
          description:
            'A class with userSwitchable false cannot be switched off by members (always enabled).',
          security,
          response: { 200: envelopeSchema(messagePreferencesSchema) },
        },
      },
      async (request) => ok(await centre.preferences(sessionOf(request))),
    );

    app.put(
      '/ump/messages/preferences/:classId',
      {
        ...guard,
        schema: {
          tags,
          summary: 'Switch a message class on or off for myself',
          description:
            '404 MESSAGE_CLASS_NOT_FOUND for a class not of the tenant; 422 MESSAGE_CLASS_NOT_SWITCHABLE ' +
            'for a class the tenant does not let members switch off.',
          security,
          params: messageClassParamsSchema,
          body: messagePreferenceBodySchema,
          response: { 200: envelopeSchema(messagePreferenceSchema) },
        },
      },
      async (request) =>
        ok(
          await centre.setPreference(sessionOf(request), request.params.classId, request.body.enabled),
          '保存成功',
        ),
    );
  };
