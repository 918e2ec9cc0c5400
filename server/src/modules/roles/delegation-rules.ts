/**
 * What a set of roles gives: whether it administers the tenant, its permission codes and its menu
 * items. An administrator holds everything, whatever its roles list.
 */
export interface Rights {
  admin: boolean;
  codes: ReadonlySet<string>;
  menuIds: ReadonlySet<string>;
}

export const ADMINISTRATOR_RIGHTS: Rights = { admin: true, codes: new Set(), menuIds: new Set() };

/** What `wanted` holds beyond `holder`: nothing (null) when the holder covers it. */
export interface MissingRights {
  admin: boolean;
  codes: string[];
  menuIds: string[];
}

/**
 * Nobody grants, assigns or reaches what they do not hold themselves: `wanted` (a role to give, the
 * grants of a role, a member to act on) must be a subset of the holder's rights. The administrator
 * role is covered only by an administrator.
 */
export const missingRights = (holder: Rights, wanted: Rights): MissingRights | null => {
  if (holder.admin) return null;
  const missing = {
    admin: wanted.admin,
    codes: [...wanted.codes].filter((code) => !holder.codes.has(code)).sort(),
    menuIds: [...wanted.menuIds].filter((id) => !holder.menuIds.has(id)).sort(),
  };
  return missing.admin || missing.codes.length > 0 || missing.menuIds.length > 0 ? missing : null;
};

/** The union of several holders' rights (a member's roles). */
export const unionOfRights = (parts: readonly Rights[]): Rights => ({
  admin: parts.some((part) => part.admin),
  codes: new Set(parts.flatMap((part) => [...part.codes])),
  menuIds: new Set(parts.flatMap((part) => [...part.menuIds])),
});

/** The missing rights in words for the refusal: codes by name, menu items counted. */
export const describeMissing = (missing: MissingRights, adminLabel = '租户管理员角色'): string =>
  [
    ...(missing.admin ? [adminLabel] : []),
    ...(missing.codes.length > 0
      ? [`权限 ${missing.codes.slice(0, 5).join('、')}${missing.codes.length > 5 ? ' 等' : ''}`]
      : []),
    ...(missing.menuIds.length > 0 ? [`${missing.menuIds.length} 个菜单`] : []),
  ].join('，');
