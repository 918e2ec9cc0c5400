import { sql } from 'drizzle-orm';
import type { MenuTreeService } from '../../menus/service';
import type { SearchSource } from '../source';
import { applicationAccess, applicationTag, shellTreeOf } from './menu-access';
import { anyOf, rowsOf } from './sql';

/** The applications (index.html): found when one of their menu items is in the viewer's tree. */
export const applicationsSource = (menuTrees: MenuTreeService): SearchSource => ({
  name: 'applications',
  title: { zh: '应用', en: 'Applications' },
  description: {
    zh: '租户已开通、用户有菜单可用的应用',
    en: 'Applications of the tenant in which the user has a menu item',
  },
  shells: ['index'],
  defaultWeight: 1.2,
  tenantOwned: false,
  oneDocumentPerScope: true,
  documents: async (tx, recordIds) => {
    const rows = rowsOf(
      await tx.execute(sql`
        SELECT id, app_key, name FROM applications WHERE id = ${anyOf(recordIds)}`),
    );
    return rows.map((row) => ({
      recordId: String(row.id),
      tenantId: null,
      title: String(row.name),
      keywords: [String(row.app_key)],
      pinyinTitle: true,
      tags: [applicationTag(String(row.id))],
      scope: applicationTag(String(row.id)),
      open: { kind: 'application', applicationId: String(row.id) },
    }));
  },
  access: async (viewer) => applicationAccess(await shellTreeOf(menuTrees, viewer)),
});
