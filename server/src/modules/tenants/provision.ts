import { tenantLoginConfigs } from '../../db/schema';
import type { Tx } from '../../platform/db/database';
import { departments } from '../departments/schema';
import { childPath, rootDepartmentId, rootDepartmentName } from '../departments/tree-path';

/** Tenants per statement: each is a handful of parameters, far under PostgreSQL's 65,535. */
const BATCH = 1_000;

export interface NewTenant {
  id: string;
  name: string;
}

/**
 * What every new tenant starts with, in the transaction that creates it (issue 12):
 * - its root department, named after the company (depth 1; members are placed in it);
 * - nothing of the platform's dictionaries and parameters: a tenant inherits them as they are now
 *   and keeps only its own changes (issue 14, migration 0026), so nothing is copied;
 * - its sign-in look: an empty override. The effective look is the platform's default merged with
 *   the tenant's override field by field (modules/login-config), and the platform's default look
 *   is meant to reach every tenant that has not designed its own, so the starting override copies
 *   no field: a copied field would freeze the platform's look of the day in the tenant.
 * - (after its administrator role exists, by the caller) the packages its creator named, else the
 *   platform's default package (modules/packages giveDefaultPackage), so its administrator lands on
 *   a home with applications rather than on an empty shell (issue 25).
 * Set-based, so an import of thousands of tenants stays a few statements.
 */
export const provisionTenants = async (tx: Tx, tenants: NewTenant[]): Promise<void> => {
  for (let start = 0; start < tenants.length; start += BATCH) {
    const batch = tenants.slice(start, start + BATCH);
    await tx.insert(departments).values(
      batch.map((tenant) => {
        const id = rootDepartmentId(tenant.id);
        return {
          tenantId: tenant.id,
          id,
          parentId: null,
          name: rootDepartmentName(tenant.name),
          path: childPath(null, id),
          depth: 1,
        };
      }),
    );
    await tx
      .insert(tenantLoginConfigs)
      .values(batch.map((tenant) => ({ tenantId: tenant.id, config: {} })))
      .onConflictDoNothing();
  }
};

/** Where a tenant's administrator is placed: its root department, put there by an administrator. */
export const administratorPlacement = (tenantId: string) =>
  ({ departmentId: rootDepartmentId(tenantId), source: 'admin' }) as const;
