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
