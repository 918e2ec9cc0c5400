import { sql } from 'drizzle-orm';
import { isAppError } from '../../../platform/errors';
import type { MenuTreeService } from '../../menus/service';
import type { SearchSource } from '../source';
import { anyOf, rowsOf } from './sql';

/** The admin console's pages (admin.html): found when the viewer's admin menu shows them. */
export const adminPagesSource = (menuTrees: MenuTreeService): SearchSource => ({
  name: 'admin-pages',
  title: { zh: '管理页面', en: 'Admin pages' },
  description: {
    zh: '管理后台的页面，按管理员可见的菜单过滤',
    en: "The admin console's pages, as far as the administrator's menu shows them",
  },
  shells: ['admin'],
  defaultWeight: 1,
  tenantOwned: false,
  documents: async (tx, recordIds) => {
    const rows = rowsOf(
      await tx.execute(sql`
        SELECT i.id, i.name, i.link, p.name AS parent_name
        FROM admin_menu_items i LEFT JOIN admin_menu_items p ON p.id = i.parent_id
        WHERE i.id = ${anyOf(recordIds)} AND NOT i.disabled`),
    );
    return rows.map((row) => ({
      recordId: String(row.id),
      tenantId: null,
      title: String(row.name),
      subtitle: typeof row.parent_name === 'string' ? row.parent_name : null,
      keywords: typeof row.link === 'string' ? [row.link] : [],
      pinyinTitle: true,
      open: { kind: 'menu', menuId: String(row.id) },
    }));
  },
  access: async (viewer) => {
    if (!viewer.session) return null;
    try {
      const tree = await menuTrees.adminTree(viewer.session);
      return { tagGroups: [], accepts: (id) => tree.byId.has(id) };
    } catch (error) {
      if (isAppError(error) && error.errorName === 'FORBIDDEN') return null; // not an administrator
      throw error;
    }
  },
});
