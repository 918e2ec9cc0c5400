import { and, eq } from 'drizzle-orm';
import { menuItems, tenantApplications } from '../../db/schema';
import type { Database } from '../../platform/db/database';

export const createMenusRepo = (db: Database) => ({
  /** A menu item of an application the tenant is empowered to use; read in the tenant's scope. */
  findEmpoweredMenu: (tenantId: string, menuId: string) =>
    db.withTenant(tenantId, async (tx) => {
      const [row] = await tx
        .select({ id: menuItems.id, applicationId: menuItems.applicationId, name: menuItems.name })
        .from(menuItems)
        .innerJoin(tenantApplications, eq(tenantApplications.applicationId, menuItems.applicationId))
        .where(and(eq(menuItems.id, menuId), eq(tenantApplications.tenantId, tenantId)));
      return row;
    }),
});

export type MenusRepo = ReturnType<typeof createMenusRepo>;
