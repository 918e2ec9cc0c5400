import { needsTenant } from '@uniwim/contracts';
import type { AdminMenuRow } from './tree';

/**
 * The admin console's items a member who is not an administrator sees: the pages their tenant
 * codes open (tenantAdminPagesOf) and the groups above them, nothing else.
 */
export const keepPagesAndTheirGroups = (rows: AdminMenuRow[], pageIds: readonly string[]): AdminMenuRow[] => {
  const parentOf = new Map(rows.map((row) => [row.id, row.parentId]));
  const kept = new Set<string>();
  for (const pageId of pageIds) {
    if (!parentOf.has(pageId)) continue;
    for (let id: string | null = pageId; id !== null && !kept.has(id); id = parentOf.get(id) ?? null)
      kept.add(id);
  }
  return rows.filter((row) => kept.has(row.id));
};

/**
 * Issue 25: the admin console of a platform administrator outside any tenant. The pages of one
 * tenant's data (users, roles, dictionaries…: needsTenant) have no tenant to show yet, so they are
 * not offered until one is chosen; the platform's pages and the groups above them are.
 */
export const withoutTenantPages = (rows: AdminMenuRow[]): AdminMenuRow[] =>
  keepPagesAndTheirGroups(
    rows,
    rows.filter((row) => row.link !== null && !needsTenant(row.link)).map((row) => row.id),
  );
