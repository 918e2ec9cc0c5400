import {
  envelopeSchema,
  myNoticeDetailSchema,
  myNoticesAnswerSchema,
  myNoticesQuerySchema,
  noticeIdParamsSchema,
  noticeUnreadSchema,
} from '@uniwim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthGuard } from '../../platform/http/auth-guard';
import { ok } from '../../platform/http/envelope';
import type { ActiveSession } from '../sessions/repo';
import type { NoticeService } from './service';

/** The member's notices (issue 15): the header's 通知公告 and /umpNoticeDetail. */
export const noticeRoutes =
  (deps: { notices: NoticeService; auth: AuthGuard }): FastifyPluginAsyncZod =>
  async (app) => {
    const { notices, auth } = deps;
    const tags = ['notices'];
    const security = [{ bearer: [] }];
    const sessionOf = (request: { session: ActiveSession | null }) => request.session as ActiveSession;

    app.get(
      '/ump/notices',
      {
        onRequest: auth.required,
        schema: {
          tags,
          summary: "The member's notices: live, in their audience, pinned first, then the newest",
          description:
            "The active tenant's published notices whose audience includes the member (not scheduled for " +
            "later, not expired, not revoked) and the platform's; each with when the member read and confirmed it. " +
            '`unread=true`: only those not opened yet.',
          security,
          querystring: myNoticesQuerySchema,
          response: { 200: envelopeSchema(myNoticesAnswerSchema) },
        },
      },
      async (request) => ok(await notices.mine(sessionOf(request), request.query)),
    );

    app.get(
      '/ump/notices/unread-count',
      {
        onRequest: auth.required,
        schema: {
          tags,
          summary: "The header's count: notices not opened yet, and must-read ones not confirmed",
          security,
          response: { 200: envelopeSchema(noticeUnreadSchema) },
        },
      },
      async (request) => ok(await notices.unread(sessionOf(request))),
    );

    app.get(
      '/ump/notices/stream',
      {
        websocket: true,
        onRequest: auth.required,
        schema: {
          tags,
          summary: "WebSocket of the header's notice count, live",
          description:
            'The token as `token` (or `uniwater_utoken`) in the query. Each message is JSON ' +
            '{type: "unread", data: {unread, toConfirm}}: at once, then whenever a notice of the tenant (or ' +
            "the platform's) is published or revoked, on any instance. Only the member's own count is sent. " +
            '{type: "remind", data: {id, title}}: an administrator reminded the member of a notice not read yet.',
          querystring: z.object({
            token: z.string().max(200).optional(),
            uniwater_utoken: z.string().max(200).optional(),
          }),
        },
      },
      (socket, request) => {
        const session = sessionOf(request);
        if (!session.tenantId) {
          socket.close(1008, 'no tenant');
          return;
        }
        const stop = notices.listen({
          member: { tenantId: session.tenantId, accountId: session.accountId },
          send: (data) => {
            if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type: 'unread', data }));
          },
          remind: (data) => {
            if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type: 'remind', data }));
          },
        });
        socket.on('close', () => stop());
        socket.on('message', () => undefined);
      },
    );

    app.get(
      '/ump/notices/:id',
      {
        onRequest: auth.required,
        schema: {
          tags,
          summary: 'A notice the member may see (its sanitised body and attachments); records the read',
          security,
          params: noticeIdParamsSchema,
          response: { 200: envelopeSchema(myNoticeDetailSchema) },
        },
      },
      async (request) => ok(await notices.open(sessionOf(request), request.params.id, false)),
    );

    app.post(
      '/ump/notices/:id/confirm',
      {
        onRequest: auth.required,
        schema: {
          tags,
          summary: 'Confirms a must-read notice (the first confirmation counts)',
          security,
          params: noticeIdParamsSchema,
          body: z.strictObject({}).optional(),
          response: { 200: envelopeSchema(myNoticeDetailSchema) },
        },
      },
      async (request) => ok(await notices.open(sessionOf(request), request.params.id, true)),
    );
  };
