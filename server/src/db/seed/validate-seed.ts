import { parameterValueProblem } from '@uniwim/contracts';
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

  const packageNames = new Set<string>();
  seed.platform.packages.forEach((pkg, p) => {
    const at = `platform.packages[${p}]`;
    if (packageNames.has(pkg.name)) fail(`${at}.name`, `duplicate package name "${pkg.name}"`);
    packageNames.add(pkg.name);
    pkg.applications.forEach((key, a) => {
      if (key !== '*' && !appKeys.has(key)) fail(`${at}.applications[${a}]`, `unknown application "${key}"`);
    });
    pkg.menus.forEach((menuId, m) => {
      if (!menuIds.has(menuId)) fail(`${at}.menus[${m}]`, `unknown menu "${menuId}"`);
    });
    if (pkg.applications.length === 0 && pkg.menus.length === 0)
      fail(at, 'a package holds at least one item');
  });
  if (seed.platform.packages.filter((pkg) => pkg.default).length > 1)
    fail('platform.packages', 'at most one package is the default of new tenants');

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
    const departmentCodes = new Set<string>();
    tenant.departments.forEach((department, d) => {
      if (department.parent && !departmentCodes.has(department.parent))
        fail(
          `${at}.departments[${d}].parent`,
          `unknown department "${department.parent}" (parents come first)`,
        );
      unique(departmentCodes, department.code, `${at}.departments[${d}].code`, 'department code');
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
      if (user.department && !departmentCodes.has(user.department))
        fail(`${at}.users[${u}].department`, `unknown department "${user.department}"`);
      user.roles.forEach((code, r) => {
        if (!roleCodes.has(code)) fail(`${at}.users[${u}].roles[${r}]`, `unknown role "${code}"`);
      });
    });
  });
  checkDictionariesAndParams(seed, fail);
  return seed;
};

/**
 * Dictionary codes and parameter keys are unique per scope, item values within a dictionary. A
 * tenant adds values to a platform dictionary only when it is extendable, names its own types, sets
 * only parameters the platform defines, and every parameter value fits its type.
 */
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
  const platformDictionaries = new Map(seed.platform.dictionaries.map((d) => [d.code, d]));
  seed.platform.dictionaries.forEach((dictionary, d) => {
    if (!dictionary.name) fail(`platform.dictionaries[${d}].name`, 'a platform dictionary needs a name');
  });
  const platformParams = new Map(seed.platform.params.map((p) => [p.key, p]));
  seed.platform.params.forEach((param, p) => {
    const problem = parameterValueProblem(param.type, param.value, param.choices);
    if (problem) fail(`platform.params[${p}].value`, problem);
    if (param.type === 'secret')
      fail(`platform.params[${p}].type`, 'secrets are set on the page, not in a seed');
  });
  seed.tenants.forEach((tenant, t) => {
    tenant.dictionaries.forEach((dictionary, d) => {
      const at = `tenants[${t}].dictionaries[${d}]`;
      const platform = platformDictionaries.get(dictionary.code);
      if (!platform) {
        if (!dictionary.name) fail(`${at}.name`, "the tenant's own dictionary needs a name");
        return;
      }
      const platformValues = new Set(platform.items.map((item) => item.value));
      dictionary.items.forEach((item, v) => {
        if (platformValues.has(item.value)) {
          if (platform.items.find((p) => p.value === item.value)?.locked)
            fail(`${at}.items[${v}]`, `"${item.value}" is locked by the platform`);
        } else if (!platform.extendable) {
          fail(`${at}.items[${v}].value`, `the platform dictionary "${dictionary.code}" is not extendable`);
        }
      });
    });
    tenant.params.forEach((param, p) => {
      const definition = platformParams.get(param.key);
      if (!definition) fail(`tenants[${t}].params[${p}].key`, `unknown parameter "${param.key}"`);
      const problem = parameterValueProblem(definition.type, param.value, definition.choices);
      if (problem) fail(`tenants[${t}].params[${p}].value`, problem);
    });
  });
};
