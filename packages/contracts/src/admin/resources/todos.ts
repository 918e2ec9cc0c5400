import { z } from 'zod';
import { defineResource } from '../resource';

/**
 * To-dos (issue 15, /todoList): what asks a member of the tenant to act, from the platform or from
 * an application through its API credential. Members work their own inbox (`/ump/todos`);
 * administrators see every member's (`/ump/admin/todos`), mark done or reopen, and delete.
 */

export const TODO_STATUSES = ['open', 'done'] as const;
export type TodoStatus = (typeof TODO_STATUSES)[number];

export const TODO_STATUS_OPTIONS = [
  { value: 'open', label: { zh: '待处理', en: 'Open' }, color: 'orange' },
  { value: 'done', label: { zh: '已完成', en: 'Done' }, color: 'green' },
] as const;

/** A to-do as members and administrators read it. */
export const todoRowSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  /** The member's user name and name (administrators' list). */
  username: z.string(),
  userName: z.string(),
  /** `platform`, or the name of the API credential that posted it. */
  source: z.string(),
  applicationId: z.string().nullable(),
  externalId: z.string().nullable(),
  title: z.string(),
  /** Opened in the shell: a path of the product or an http(s) address. */
  link: z.string().nullable(),
  dueAt: z.string().nullable(),
  status: z.enum(TODO_STATUSES),
  /** Open and past its due time. */
  overdue: z.boolean(),
  doneAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type TodoRow = z.infer<typeof todoRowSchema>;

export const todosResource = defineResource({
  name: 'todos',
  scope: 'ump',
  title: { zh: '待办', en: 'To-do' },
  row: todoRowSchema,
  recordLabel: (row) => `${row.title}（${row.userName}）`,
  filters: {
    status: 'equals',
    source: 'contains',
    username: 'contains',
    title: 'contains',
    overdue: 'boolean',
    dueAt: 'dateRange',
    createdAt: 'dateRange',
  },
  sortable: ['createdAt', 'dueAt', 'title', 'status', 'username'],
  defaultSort: '-createdAt',
  searchable: ['title', 'username', 'source'],
  columns: [
    { key: 'title', title: { zh: '标题', en: 'Title' }, list: true },
    { key: 'username', title: { zh: '处理人账号', en: 'Assignee account' }, list: true },
    { key: 'userName', title: { zh: '处理人', en: 'Assignee' }, list: true },
    { key: 'source', title: { zh: '来源应用', en: 'Source' }, list: true },
    { key: 'status', title: { zh: '状态', en: 'Status' }, list: true, options: TODO_STATUS_OPTIONS },
    { key: 'overdue', title: { zh: '已逾期', en: 'Overdue' }, list: true, kind: 'boolean' },
    { key: 'dueAt', title: { zh: '截止时间', en: 'Due' }, list: true, kind: 'date' },
    { key: 'link', title: { zh: '链接', en: 'Link' }, kind: 'link' },
    { key: 'externalId', title: { zh: '外部编号', en: 'External id' } },
    { key: 'doneAt', title: { zh: '完成时间', en: 'Done at' }, kind: 'date' },
    { key: 'createdAt', title: { zh: '创建时间', en: 'Created' }, list: true, kind: 'date' },
  ],
  permissions: {
    list: 'todo:list',
    delete: 'todo:delete',
    export: 'todo:export',
  },
  actions: {
    done: { permission: 'todo:update', title: { zh: '标记完成', en: 'Mark done' } },
    reopen: { permission: 'todo:update', title: { zh: '重新打开', en: 'Reopen' } },
  },
});
