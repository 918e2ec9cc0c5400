import {
  envelopeSchema,
  myTodoPageSchema,
  myTodoQuerySchema,
  todoBatchAnswerSchema,
  todoCountSchema,
  todoCreateBodySchema,
  todoIdsBodySchema,
  todoRowSchema,
} from '@uniwim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { type AuthGuard, sessionOf } from '../../platform/http/auth-guard';
import { ok } from '../../platform/http/envelope';
import type { TodoService } from './service';

const idParams = z.object({ id: z.string().trim().min(1).max(100) });
const security = [{ bearer: [] }];
const tags = ['todos'];

/**
 * `/ump/todos`: the signed-in member's own to-dos in the active tenant (/todoList and the header's
 * count), and `POST /ump/todos` by which applications post them with their API credential.
 */
export const todoRoutes =
  (deps: { todos: TodoService; auth: AuthGuard }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/ump/todos',
      {
        onRequest: deps.auth.required,
        schema: {
          tags,
          summary: "The signed-in member's to-dos in the active tenant",
          description:
            'status open (default: open ones, overdue and nearest due first), done (latest done first) or all.',
          security,
          querystring: myTodoQuerySchema,
          response: { 200: envelopeSchema(myTodoPageSchema) },
        },
      },
      async (request) => ok(await deps.todos.listMine(sessionOf(request), request.query)),
    );

    app.get(
      '/ump/todos/count',
      {
        onRequest: deps.auth.required,
        schema: {
          tags,
          summary: "The header's count: the member's open to-dos and how many are overdue",
          security,
          response: { 200: envelopeSchema(todoCountSchema) },
        },
      },
      async (request) => ok(await deps.todos.countMine(sessionOf(request))),
    );

    const statusRoute = (verb: 'done' | 'undo', status: 'open' | 'done', summary: string, message: string) =>
      app.post(
        `/ump/todos/:id/${verb}`,
        {
          onRequest: deps.auth.required,
          schema: {
            tags,
            summary,
            description: "404 TODO_NOT_FOUND when the to-do is not the member's.",
            security,
            params: idParams,
            response: { 200: envelopeSchema(todoBatchAnswerSchema) },
          },
        },
        async (request) =>
          ok({ updated: await deps.todos.setMine(sessionOf(request), [request.params.id], status) }, message),
      );
    statusRoute('done', 'done', 'Mark one of my to-dos done', '已完成');
    statusRoute('undo', 'open', 'Open one of my done to-dos again', '已撤销完成');

    app.post(
      '/ump/todos/batch-done',
      {
        onRequest: deps.auth.required,
        schema: {
          tags,
          summary: 'Mark several of my to-dos done, all or none',
          description: "404 TODO_NOT_FOUND (nothing changed) when any id is not the member's.",
          security,
          body: todoIdsBodySchema,
          response: { 200: envelopeSchema(todoBatchAnswerSchema) },
        },
      },
      async (request) =>
        ok({ updated: await deps.todos.setMine(sessionOf(request), request.body.ids, 'done') }, '已完成'),
    );

    app.post(
      '/ump/todos',
      {
        onRequest: deps.auth.requiredOrClient('todo:write'),
        schema: {
          tags,
          summary: 'Post a to-do for a member of the tenant (applications, with an API credential)',
          description:
            'Bearer: a client-credentials token (POST /dmp/oauth/token) of a credential of the tenant with the ' +
            'scope todo:write. The member is named by user name (404 MEMBER_NOT_FOUND outside the tenant). ' +
            'link: a path of the product or an http(s) address, opened in the shell. externalId: the ' +
            "application's own key; posting it again answers the to-do created first. A user session is " +
            'refused (403 TODO_API_ONLY).',
          security,
          body: todoCreateBodySchema,
          response: { 200: envelopeSchema(todoRowSchema) },
        },
      },
      async (request) => {
        const caller = request.apiClient;
        if (!caller) throw new AppError('TODO_API_ONLY');
        return ok(await deps.todos.createFromClient(caller, request.body), '保存成功');
      },
    );
  };
