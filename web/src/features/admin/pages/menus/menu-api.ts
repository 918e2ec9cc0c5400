import type {
  AdminScope,
  ApplicationOption,
  MenuConditionCheck,
  MenuConditionCheckBody,
  MenuEditorTree,
  MenuExport,
  MenuImpact,
  MenuImpactBody,
  MenuImportResult,
} from '@uniwim/contracts';
import { api } from '../../../../lib/api';
import { formatDateTime } from '../../../../lib/time-zone';

/** The menu editor's calls beside the resource API (see server/src/modules/menus/admin-routes.ts). */
export const menuApi = (scope: AdminScope) => {
  const base = `/${scope}/admin/menus`;
  return {
    base,
    applications: () => api.get<ApplicationOption[]>(`${base}/applications`),
    tree: (applicationId: string) => api.get<MenuEditorTree>(`${base}/tree`, { query: { applicationId } }),
    impact: (body: MenuImpactBody) => api.post<MenuImpact>(`${base}/impact`, body),
    checkCondition: (body: MenuConditionCheckBody) =>
      api.post<MenuConditionCheck>(`${base}/check-condition`, body),
    tenantOptions: (applicationId: string, q: string) =>
      api.get<{ id: string; name: string }[]>(`${base}/tenant-options`, { query: { applicationId, q } }),
    memberOptions: (tenantId: string | undefined, q: string) =>
      api.get<{ accountId: string; username: string; name: string }[]>(`${base}/member-options`, {
        query: { tenantId, q },
      }),
    move: (id: string, body: { parentId: string | null; index: number; version: number }) =>
      api.post(`${base}/${encodeURIComponent(id)}/move`, body),
    remove: (id: string, confirm: boolean) =>
      api.post(`${base}/${encodeURIComponent(id)}/remove`, { confirm }),
    exportTree: (applicationId: string) =>
      api.get<MenuExport>(`${base}/export`, { query: { applicationId } }),
    importTree: (file: unknown, mode: 'preview' | 'commit') =>
      api.post<MenuImportResult>(`${base}/import?mode=${mode}`, file),
  };
};

export type MenuApi = ReturnType<typeof menuApi>;

/** Saves an export as a .json file. */
export const saveJson = (file: MenuExport) => {
  const blob = new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = `menus-${file.application.appKey}-${formatDateTime(file.exportedAt, 'day')}.json`;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
