import { type TodoRow, todosResource } from '@uniwim/contracts';
import type { ResourceDefinition, ResourceStore } from '../../platform/admin/resource-routes';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { todosRepo as repo } from './repo';

const setStatus = async (tx: Tx, row: TodoRow, status: 'open' | 'done') => {
  await repo.setStatus(tx, [row.id], status);
  return repo.get(tx, row.id);
};

/**
 * `/ump/admin/todos`: every member's to-dos of the tenant for its administrators (list, export,
 * mark done or reopen, delete). To-dos are created by applications and the platform, never here.
 */
const todoStore = (): ResourceStore<TodoRow> => ({
  label: (row) => `${row.title}（${row.username}）`,
  list: (tx, query) => repo.adminList(tx, query),
  get: (tx, id) => repo.get(tx, id),
  remove: async (tx, row) => {
    if (!(await repo.remove(tx, row.id, row.version))) throw new AppError('VERSION_CONFLICT');
  },
  actions: {
    done: (tx, row) => setStatus(tx, row, 'done'),
    reopen: (tx, row) => setStatus(tx, row, 'open'),
  },
});

export const todoAdminResource = (): ResourceDefinition => ({
  declaration: todosResource,
  store: todoStore() as unknown as ResourceDefinition['store'],
});
