import type {
  SearchAnalyticsAnswer,
  SearchAnswer,
  SearchHotWordsAnswer,
  SearchSettings,
  SearchSettingsAnswer,
  SearchShell,
} from '@uniwim/contracts/client';
import { api } from '../../lib/api';

const SETTINGS = '/ump/admin/search-settings';

/** The header search and its settings page (issue 14). */
export const searchApi = {
  search: (q: string, shell: SearchShell, tenant: string | null, signal?: AbortSignal) =>
    api.get<SearchAnswer>('/ump/search', { query: { q, shell, tenant, limit: 5 }, signal }),
  hotWords: (tenant: string | null) =>
    api.get<SearchHotWordsAnswer>('/ump/search/hot-words', { query: { tenant } }),
  readSettings: () => api.get<SearchSettingsAnswer>(SETTINGS),
  saveSettings: (version: number, settings: SearchSettings) =>
    api.request<SearchSettingsAnswer>(SETTINGS, { method: 'PUT', body: { version, settings } }),
  analytics: (days: number) => api.get<SearchAnalyticsAnswer>(`${SETTINGS}/analytics`, { query: { days } }),
};
