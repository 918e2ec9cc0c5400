import type { MenuRef, PackageImpact } from '@uniwim/contracts';
import type { RoleGrants } from './entitlements';

type TenantImpact = PackageImpact['tenants'][number];

export interface HolderState {
  tenantId: string;
  tenantName: string;
  /** Whether the changed package counts for the tenant today. */
  current: boolean;
  /** The menu items of each package the tenant holds today. */
  packageMenus: ReadonlyMap<string, ReadonlySet<string>>;
  roles: readonly RoleGrants[];
}

const union = (sets: Iterable<ReadonlySet<string>>): Set<string> => {
  const all = new Set<string>();
  for (const set of sets) for (const id of set) all.add(id);
  return all;
};

const minus = (a: ReadonlySet<string>, b: ReadonlySet<string>): string[] => [...a].filter((id) => !b.has(id));

/**
 * What a tenant may use before and after one of its packages gets another menu set: the union of
 * its current packages, the changed one replaced when it is current.
 */
export const allowedBeforeAndAfter = (
  holder: Pick<HolderState, 'current' | 'packageMenus'>,
  packageId: string,
  proposed: ReadonlySet<string>,
) => {
  const before = union(holder.packageMenus.values());
  const after = union(
    [...holder.packageMenus].map(([id, menus]) => (id === packageId && holder.current ? proposed : menus)),
  );
  return { before, after };
};

/**
 * The impact of a package's new menu set on one tenant holding it, exactly as applyEntitlements
 * will apply it: the tenant gains and loses items, administrator roles end up holding what it may
 * use, other roles lose what it may no longer use. Roles without a change are left out.
 */
export const tenantImpact = (
  holder: HolderState,
  packageId: string,
  proposed: ReadonlySet<string>,
  name: (menuId: string) => MenuRef,
): TenantImpact => {
  const { before, after } = allowedBeforeAndAfter(holder, packageId, proposed);
  const refs = (ids: string[]) =>
    ids.map(name).sort((a, b) => a.name.localeCompare(b.name, 'zh') || a.id.localeCompare(b.id));
  const roles = holder.roles
    .map((role) => ({
      roleId: role.roleId,
      roleName: role.roleName,
      isAdmin: role.isAdmin,
      gains: role.isAdmin ? refs(minus(after, role.menuIds)) : [],
      losses: refs(minus(role.menuIds, after)),
    }))
    .filter((role) => role.gains.length > 0 || role.losses.length > 0);
  return {
    tenantId: holder.tenantId,
    tenantName: holder.tenantName,
    current: holder.current,
    gains: refs(minus(after, before)),
    losses: refs(minus(before, after)),
    roles,
  };
};
