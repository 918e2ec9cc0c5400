import { z } from 'zod';
import { MAX_PAGE_SIZE } from './admin/resource';
import { type TodoRow, todoRowSchema } from './admin/resources/todos';
import { isoInstantSchema } from './dates';
import { isSafeTodoLink } from './todo-links';

/**
 * The member's own to-dos (`/ump/todos`, page /todoList) and the API applications post them by
 * (`POST /ump/todos`, a client-credentials token with the scope todo:write).
 */

export const TODO_TITLE_MAX_LENGTH = 200;
export const TODO_LINK_MAX_LENGTH = 2_000;

export const TODO_LIST_STATUSES = ['open', 'done', 'all'] as const;

export const myTodoQuerySchema = z.strictObject({
  status: z.enum(TODO_LIST_STATUSES, { message: 'status 须为 open、done 或 all' }).default('open'),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});
export type MyTodoQuery = z.infer<typeof myTodoQuerySchema>;

/** The member's view of a to-do: no assignee columns. */
export const myTodoSchema = todoRowSchema.omit({ accountId: true, username: true, userName: true });
export type MyTodo = Omit<TodoRow, 'accountId' | 'username' | 'userName'>;

export const myTodoPageSchema = z.object({
  items: z.array(myTodoSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type MyTodoPage = z.infer<typeof myTodoPageSchema>;

/** The header's count: open to-dos, and how many of them are overdue. */
export const todoCountSchema = z.object({ open: z.number().int(), overdue: z.number().int() });
export type TodoCount = z.infer<typeof todoCountSchema>;

export const todoIdsBodySchema = z.strictObject({
  ids: z
    .array(z.string().trim().min(1).max(100))
    .min(1, '请选择待办')
    .max(MAX_PAGE_SIZE, `一次最多${MAX_PAGE_SIZE}条`),
});
export type TodoIdsBody = z.infer<typeof todoIdsBodySchema>;

export const todoBatchAnswerSchema = z.object({ updated: z.number().int() });

/**
 * What an application posts: the member (their user name in the credential's tenant), the title,
 * and optionally a link, a due time and its own key (posting the same key again answers the to-do
 * already created: retries never make a second one).
 */
export const todoCreateBodySchema = z.strictObject({
  username: z.string().trim().min(1, '请指定处理人账号').max(100, '账号最多100个字符'),
  title: z
    .string()
    .trim()
    .min(1, '请输入待办标题')
    .max(TODO_TITLE_MAX_LENGTH, `待办标题最多${TODO_TITLE_MAX_LENGTH}个字`),
  link: z
    .string()
    .trim()
    .max(TODO_LINK_MAX_LENGTH, `链接最多${TODO_LINK_MAX_LENGTH}个字符`)
    .refine(isSafeTodoLink, '链接须为以 / 开头的页面路径或 http(s) 地址')
    .optional(),
  dueAt: isoInstantSchema.optional(),
  externalId: z.string().trim().min(1).max(200, '外部编号最多200个字符').optional(),
});
export type TodoCreateBody = z.input<typeof todoCreateBodySchema>;
