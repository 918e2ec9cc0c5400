import { type Seed, type SeedMenu, seedSchema } from './seed-schema';

export class SeedError extends Error {}

const formatPath = (path: readonly PropertyKey[]): string =>
  path.reduce<string>(
    (out, part) =>
      typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${String(part)}` : String(part),
    '',
  );

const flattenMenus = (menus: SeedMenu[]): SeedMenu[] =>
  menus.flatMap((m) => [m, ...flattenMenus(m.children ?? [])]);

/**
 * Parses a seed document and checks what a schema cannot: references between its parts and
 * uniqueness. Every failure names the path of the bad field.
 */
export const validateSeed = (document: unknown, source: string): Seed => {
  const parsed = seedSchema.safeParse(document);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new SeedError(
      `Invalid seed file ${source}: ${formatPath(issue.path) || '(root)'}: ${issue.message}`,
    );
  }
  const seed = parsed.data;
  const fail = (path: string, message: string): never => {
    throw new SeedError(`Invalid seed file ${source}: ${path}: ${message}`);
  };

  const appKeys = new Set<string>();
  const menuIds = new Set<string>();
  seed.applications.forEach((app, i) => {
    if (appKeys.has(app.key)) fail(`applications[${i}].key`, `duplicate application key "${app.key}"`);
    appKeys.add(app.key);
    for (const menu of flattenMenus(app.menus)) {
      if (menuIds.has(menu.id)) fail(`applications[${i}].menus`, `duplicate menu id "${menu.id}"`);
      menuIds.add(menu.id);
    }
  });

  const accountMobiles = new Map<string, string | null>([
    [seed.platform.admin.username, seed.platform.admin.mobile ?? null],
  ]);
  const mobiles = new Set(seed.platform.admin.mobile ? [seed.platform.admin.mobile] : []);
  const unique = (set: Set<string>, value: string, path: string, what: string, namespace = '') => {
    if (set.has(namespace + value)) fail(path, `duplicate ${what} "${value}"`);
    set.add(namespace + value);
  };
  const tenantKeys = new Set<string>();
  seed.tenants.forEach((tenant, t) => {
    const at = `tenants[${t}]`;
    unique(tenantKeys, tenant.code, `${at}.code`, 'tenant code', 'code:');
    unique(tenantKeys, tenant.name, `${at}.name`, 'tenant name', 'name:');
    if (tenant.domain) unique(tenantKeys, tenant.domain, `${at}.domain`, 'tenant domain', 'domain:');
    tenant.applications.forEach((key, a) => {
      if (!appKeys.has(key)) fail(`${at}.applications[${a}]`, `unknown application "${key}"`);
    });
    const roleCodes = new Set<string>();
    tenant.roles.forEach((role, r) => {
      unique(roleCodes, role.code, `${at}.roles[${r}].code`, 'role code');
      role.menus.forEach((menuId, m) => {
        if (menuId !== '*' && !menuIds.has(menuId))
          fail(`${at}.roles[${r}].menus[${m}]`, `unknown menu "${menuId}"`);
      });
    });
    const tenantUsernames = new Set<string>();
    tenant.users.forEach((user, u) => {
      unique(tenantUsernames, user.username, `${at}.users[${u}].username`, 'username in this tenant');
      // A username listed under several tenants is one account with several memberships.
      const known = accountMobiles.get(user.username);
      if (known === undefined) {
        if (user.mobile) unique(mobiles, user.mobile, `${at}.users[${u}].mobile`, 'mobile');
        accountMobiles.set(user.username, user.mobile ?? null);
      } else if (user.mobile && user.mobile !== known) {
        fail(`${at}.users[${u}].mobile`, `"${user.username}" is listed elsewhere with another mobile`);
      }
      user.roles.forEach((code, r) => {
        if (!roleCodes.has(code)) fail(`${at}.users[${u}].roles[${r}]`, `unknown role "${code}"`);
      });
    });
  });
  checkDictionariesAndParams(seed, fail);
  return seed;
};

/** Dictionary codes and parameter keys are unique per scope, and item values within a dictionary. */
const checkDictionariesAndParams = (seed: Seed, fail: (path: string, message: string) => never) => {
  const scopes = [
    { at: 'platform', dictionaries: seed.platform.dictionaries, params: seed.platform.params },
    ...seed.tenants.map((t, i) => ({ at: `tenants[${i}]`, dictionaries: t.dictionaries, params: t.params })),
  ];
  for (const { at, dictionaries, params } of scopes) {
    const codes = new Set<string>();
    dictionaries.forEach((dictionary, d) => {
      if (codes.has(dictionary.code))
        fail(`${at}.dictionaries[${d}].code`, `duplicate dictionary code "${dictionary.code}"`);
      codes.add(dictionary.code);
      const values = new Set<string>();
      dictionary.items.forEach((item, v) => {
        if (values.has(item.value))
          fail(`${at}.dictionaries[${d}].items[${v}].value`, `duplicate value "${item.value}"`);
        values.add(item.value);
      });
    });
    const keys = new Set<string>();
    params.forEach((param, p) => {
      if (keys.has(param.key)) fail(`${at}.params[${p}].key`, `duplicate parameter "${param.key}"`);
      keys.add(param.key);
    });
  }
};
