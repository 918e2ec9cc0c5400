import type { AdminScope, ResourceDeclaration } from '@uniwim/contracts';
import { api, type QueryValue } from '../../lib/api';

export interface ListPage<Row> {
  items: Row[];
  total: number;
  page: number;
  pageSize: number;
}

export interface HistoryEntry {
  id: string;
  action: string;
  operatorName: string | null;
  changes: Record<string, { before: unknown; after: unknown }>;
  ip: string | null;
  createdAt: string;
}

export type AdminRow = { id: string; version: number } & Record<string, unknown>;

const baseOf = (declaration: Pick<ResourceDeclaration, 'scope' | 'name'>) =>
  `/${declaration.scope}/admin/${declaration.name}`;
const recordPath = (declaration: Pick<ResourceDeclaration, 'scope' | 'name'>, id: string) =>
  `${baseOf(declaration)}/${encodeURIComponent(id)}`;

/** The resource API of shared/design/administration.md, for one declaration. */
export const resourceApi = (declaration: Pick<ResourceDeclaration, 'scope' | 'name'>) => ({
  list: (query: Record<string, QueryValue>, signal?: AbortSignal) =>
    api.get<ListPage<AdminRow>>(baseOf(declaration), { query, signal }),
  get: (id: string) => api.get<AdminRow>(recordPath(declaration, id)),
  history: (id: string) => api.get<HistoryEntry[]>(`${recordPath(declaration, id)}/history`),
  create: (body: unknown) => api.post<AdminRow & Record<string, unknown>>(baseOf(declaration), body),
  update: (id: string, body: unknown) =>
    api.request<AdminRow>(recordPath(declaration, id), { method: 'PUT', body }),
  remove: (id: string) => api.request<{ deleted: number }>(recordPath(declaration, id), { method: 'DELETE' }),
  removeMany: (ids: string[]) =>
    api.post<{ deleted: number }>(`${baseOf(declaration)}/batch-delete`, { ids }),
  act: (id: string, verb: string, body: unknown = {}) =>
    api.post<AdminRow & Record<string, unknown>>(`${recordPath(declaration, id)}/${verb}`, body),
  exportUrl: (query: Record<string, QueryValue>) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
    }
    return `${baseOf(declaration)}/export?${params}`;
  },
});

/** The permission codes the user holds in a scope. */
export const fetchPermissions = async (scope: AdminScope): Promise<ReadonlySet<string>> =>
  new Set((await api.get<{ codes: string[] }>(`/${scope}/admin/permissions`)).codes);
