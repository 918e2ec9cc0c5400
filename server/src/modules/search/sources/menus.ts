import { sql } from 'drizzle-orm';
import type { MenuTreeService } from '../../menus/service';
import type { SearchSource } from '../source';
import { applicationTag, menuItemAccess, shellTreeOf } from './menu-access';
import { anyOf, rowsOf } from './sql';

/** The menu items of the applications (index.html): found when the viewer's menu tree has them. */
export const menuItemsSource = (menuTrees: MenuTreeService): SearchSource => ({
  name: 'menus',
  title: { zh: '菜单', en: 'Menus' },
  description: {
    zh: '应用菜单项，按用户角色可见的菜单过滤',
    en: "Applications' menu items, as far as the user's roles show them",
  },
  shells: ['index'],
  defaultWeight: 1,
  tenantOwned: false,
  documents: async (tx, recordIds) => {
    const rows = rowsOf(
      await tx.execute(sql`
        SELECT m.id, to_jsonb(m) ->> 'tenant_id' AS tenant_id, m.name, m.link, m.application_id,
               a.name AS application_name, p.name AS parent_name
        FROM menu_items m
        JOIN applications a ON a.id = m.application_id
        LEFT JOIN menu_items p ON p.id = m.parent_id
        WHERE m.id = ${anyOf(recordIds)} AND NOT m.disabled`),
    );
    return rows.map((row) => ({
      recordId: String(row.id),
      // A tenant's own public items (migration 0024) are that tenant's documents.
      tenantId: typeof row.tenant_id === 'string' ? row.tenant_id : null,
      title: String(row.name),
      subtitle: [row.application_name, row.parent_name].filter((name) => name != null).join(' / '),
      keywords: typeof row.link === 'string' ? [row.link] : [],
      pinyinTitle: true,
      tags: [applicationTag(String(row.application_id))],
      scope: applicationTag(String(row.application_id)),
      open: { kind: 'menu', menuId: String(row.id) },
    }));
  },
  access: async (viewer) => menuItemAccess(await shellTreeOf(menuTrees, viewer)),
});
