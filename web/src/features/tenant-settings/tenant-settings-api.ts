import type {
  TenantLookPreviewAnswer,
  TenantSettingsAnswer,
  TenantSettingsGroup,
  TenantSettingsHistoryEntry,
} from '@uniwim/contracts';
import { api } from '../../lib/api';

const BASE = '/ump/admin/tenant-settings';

export interface TenantHistoryPage {
  items: TenantSettingsHistoryEntry[];
  total: number;
  page: number;
  pageSize: number;
}

/** The tenant settings API (issue 13): the active tenant's settings, one record of typed groups with a version. */
export const tenantSettingsApi = {
  read: () => api.get<TenantSettingsAnswer>(BASE),
  save: (
    version: number,
    group: TenantSettingsGroup,
    values: unknown,
    options: { forcePasswordChangeForMembers?: boolean } = {},
  ) =>
    api.request<TenantSettingsAnswer>(BASE, {
      method: 'PUT',
      body: { version, [group]: values, ...options },
    }),
  history: (page: number, pageSize: number) =>
    api.get<TenantHistoryPage>(`${BASE}/history`, { query: { page, pageSize } }),
  rollback: (toVersion: number, version: number) =>
    api.post<TenantSettingsAnswer>(`${BASE}/rollback`, { toVersion, version }),
  preview: (signInLook: Record<string, unknown>) =>
    api.post<TenantLookPreviewAnswer>(`${BASE}/preview`, { signInLook }),
};
