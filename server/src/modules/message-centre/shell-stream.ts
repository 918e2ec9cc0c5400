import type { ShellLiveMessage } from '@uniwim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuard, sessionOf } from '../../platform/http/auth-guard';
import type { NoticeService } from '../notices/service';
import type { MessageCentreService } from './service';
import type { TodoCounts } from './todo-counts';

/**
 * `/ump/shell/stream`: the shell's one live socket for the header's counts (issue 15): notices
 * (as on `/ump/notices/stream`, which stays), unread messages and open to-dos. Each is sent at once
 * and again whenever it changes on any instance; only the member's own counts, never another's.
 */
export const shellStreamRoutes =
  (deps: {
    auth: AuthGuard;
    notices: NoticeService;
    messageCentre: MessageCentreService;
    todoCounts: TodoCounts;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/ump/shell/stream',
      {
        websocket: true,
        onRequest: deps.auth.required,
        schema: {
          tags: ['shell'],
          summary: "WebSocket of the header's live counts: notices, messages, to-dos",
          description:
            'The token as `token` (or `uniwater_utoken`) in the query. Each message is JSON {type, data}: ' +
            '"unread" {unread, toConfirm} (notices), "remind" {id, title} (a notice reminder), "messages" ' +
            '{unread}, "todos" {open, overdue}; each at once, then on every change on any instance.',
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
        const member = { tenantId: session.tenantId, accountId: session.accountId };
        const send = (message: ShellLiveMessage) => {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
        };
        const stops = [
          deps.notices.listen({
            member,
            send: (data) => send({ type: 'unread', data }),
            remind: (data) => send({ type: 'remind', data }),
          }),
          deps.messageCentre.counts.listen(member, (data) => send({ type: 'messages', data })),
          deps.todoCounts.listen(member, (data) => send({ type: 'todos', data })),
        ];
        socket.on('close', () => {
          for (const stop of stops) stop();
        });
        socket.on('message', () => undefined);
      },
    );
  };
