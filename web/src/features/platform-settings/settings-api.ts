import type {
  PlatformSettingsAnswer,
  PlatformSettingsGroup,
  PlatformSettingsHistoryEntry,
} from '@uniwim/contracts';
import { api } from '../../lib/api';

const BASE = '/dmp/admin/platform-settings';

export interface HistoryPage {
  items: Pick<
    PlatformSettingsHistoryEntry,
    'version' | 'action' | 'restoredVersion' | 'operatorName' | 'createdAt' | 'changes'
  >[];
  total: number;
  page: number;
  pageSize: number;
}

/** The platform settings API (issue 12): one record of typed groups with a version. */
export const settingsApi = {
  read: () => api.get<PlatformSettingsAnswer>(BASE),
  save: (version: number, group: PlatformSettingsGroup, values: unknown) =>
    api.request<PlatformSettingsAnswer>(BASE, { method: 'PUT', body: { version, [group]: values } }),
  history: (page: number, pageSize: number) =>
    api.get<HistoryPage>(`${BASE}/history`, { query: { page, pageSize } }),
  rollback: (toVersion: number, version: number) =>
    api.post<PlatformSettingsAnswer>(`${BASE}/rollback`, { toVersion, version }),
};
