import type { AdminScope, FileReferenceRow, FileUsage } from '@uniwim/contracts';
import { api } from '../../../../lib/api';
import { readStoredToken } from '../../../../lib/storage-keys';

export interface TenantQuota {
  tenantId: string;
  usedBytes: number;
  fileCount: number;
  ownQuotaBytes: number | null;
  quotaBytes: number;
}

/** The files page's calls beyond the resource API (usage, references, quotas). */
export const filesApi = (scope: AdminScope) => ({
  usage: () => api.get<FileUsage>(`/${scope}/admin/files/usage`),
  references: (id: string) =>
    api.get<FileReferenceRow[]>(`/${scope}/admin/files/${encodeURIComponent(id)}/references`),
  quota: (tenantId: string) =>
    api.get<TenantQuota>(`/dmp/admin/files/quotas/${encodeURIComponent(tenantId)}`),
  setQuota: (tenantId: string, quotaBytes: number | null) =>
    api.request<TenantQuota>(`/dmp/admin/files/quotas/${encodeURIComponent(tenantId)}`, {
      method: 'PUT',
      body: { quotaBytes },
    }),
});

/**
 * A file's url for an <img> or a frame of this page: they cannot send the Authorization header, so
 * the token goes in the query, as frames of the shell pass it (spec section 2, "Frame ready").
 */
export const viewUrlOf = (url: string, options: { download?: boolean } = {}): string => {
  const query = new URLSearchParams();
  const token = readStoredToken();
  if (token) query.set('token', token);
  if (options.download) query.set('download', '1');
  const text = query.toString();
  return text ? `${url}?${text}` : url;
};
