import { chmod, copyFile, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { PACKAGES_FOLDER } from '../../modules/app-packages/package-files';
import { applications } from '../../modules/applications/schema';
import { departments } from '../../modules/departments/schema';
import { childPath, rootDepartmentId, rootDepartmentName } from '../../modules/departments/tree-path';
import { seedPlatformDictionaries, seedTenantDictionaries } from '../../modules/dictionaries/seed';
import { menuItems } from '../../modules/menus/schema';
// Issue 15: the message centre
import { seedTenantMessages } from '../../modules/message-centre/seed-messages';
import { packageMenuItems, packages } from '../../modules/packages/schema';
import { seedPlatformParameters, seedTenantParameters } from '../../modules/parameters/seed';
import { hashPassword } from '../../platform/crypto/passwords';
import { newId, randomPassword } from '../../platform/crypto/tokens';
import type { Database, Tx } from '../../platform/db/database';
import { SERVER_ROOT } from '../../server-root';
import {
  accounts,
  membershipRoles,
  platformSettings,
  roleMenuGrants,
  roles,
  tenantApplications,
  tenantLoginConfigs,
  tenantMemberships,
  tenants,
} from '../schema';
import type { Seed, SeedMenu } from './seed-schema';
import { SeedError, validateSeed } from './validate-seed';

export const INITIAL_PASSWORD_FILE = 'initial-admin-password.txt';
const SEED_LOCK_KEY = 727_002;

/**
 * The password hash of every user in a prepared database (the build's copy of the demo seed, see
 * prepareSeed): not an argon2 hash, so no password verifies against it, and the first start replaces
 * it with the hash of that installation's own initial password. No fixed password ships in the image.
 */
export const PREPARED_PASSWORD_HASH = 'prepared-seed: set at first start';

export interface SeedOutcome {
  /** False when the database already had data and the seed was left alone. */
  loaded: boolean;
  adminUsername?: string;
  /** Where the generated initial password was written, when one was generated. */
  passwordFile?: string;
}

export const readSeedFile = async (file: string): Promise<Seed> => {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new SeedError(`Cannot read seed file ${file}: ${(error as Error).message}`);
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new SeedError(`Invalid seed file ${file}: not JSON (${(error as Error).message})`);
  }
  return validateSeed(document, file);
};

const flatten = (
  menus: SeedMenu[],
  parentId: string | null,
): { menu: SeedMenu; parentId: string | null; sort: number }[] =>
  menus.flatMap((menu, sort) => [{ menu, parentId, sort }, ...flatten(menu.children ?? [], menu.id)]);

/**
 * The platform's packages (issue 25): each item with its ancestors, as the package form stores
 * them, so a tenant holding the package is shown the path to every item.
 */
const insertPlatformPackages = async (
  tx: Tx,
  seed: Seed,
  menuIdsByApp: ReadonlyMap<string, string[]>,
  parentOf: ReadonlyMap<string, string | null>,
) => {
  for (const [index, pkg] of seed.platform.packages.entries()) {
    const chosen = new Set<string>();
    const keys = pkg.applications.includes('*') ? [...menuIdsByApp.keys()] : pkg.applications;
    for (const key of keys) for (const id of menuIdsByApp.get(key) ?? []) chosen.add(id);
    for (const menuId of pkg.menus) {
      for (let id: string | null | undefined = menuId; id; id = parentOf.get(id)) chosen.add(id);
    }
    const id = `pkg-seed-${index + 1}`;
    await tx.insert(packages).values({ id, name: pkg.name, remark: pkg.remark, isDefault: pkg.default });
    await tx.insert(packageMenuItems).values([...chosen].sort().map((menuId) => ({ packageId: id, menuId })));
  }
};

const insertSeed = async (tx: Tx, seed: Seed, passwordHashes: Map<string, string>) => {
  const menuIdsByApp = new Map<string, string[]>();
  const parentOf = new Map<string, string | null>();
  for (const app of seed.applications) {
    const appId = `app-${app.key}`;
    await tx.insert(applications).values({
      id: appId,
      appKey: app.key,
      name: app.name,
      version: app.version,
      internalLink: app.internalLink,
      externalLink: app.externalLink,
      operatingManual: app.operatingManual,
      packagePath: app.package,
      status: app.status,
    });
    const flat = flatten(app.menus, null);
    menuIdsByApp.set(
      app.key,
      flat.map((f) => f.menu.id),
    );
    for (const { menu, parentId, sort } of flat) {
      parentOf.set(menu.id, parentId);
      await tx.insert(menuItems).values({
        id: menu.id,
        applicationId: appId,
        parentId,
        name: menu.name,
        nameEn: menu.nameEn,
        link: menu.link,
        effectDrawing: menu.effectDrawing,
        target: menu.target,
        menuStyle: menu.menuStyle,
        isPublic: menu.isPublic ?? false,
        disabled: menu.disabled ?? false,
        visibleCondition: menu.visibleCondition,
        reload: menu.reload ?? false,
        monitor: menu.monitor ?? false,
        monitorUrl: menu.monitorUrl,
        internalNetwork: menu.internalNetwork,
        externalNetwork: menu.externalNetwork,
        operatingManual: menu.operatingManual,
        type: menu.type,
        sort: menu.sort ?? sort,
      });
    }
  }

  await insertPlatformPackages(tx, seed, menuIdsByApp, parentOf);

  const accountIds = new Map<string, string>();
  const upsertAccount = async (
    user: {
      username: string;
      name: string;
      mobile?: string;
      status?: 'active' | 'disabled';
      mustChangePassword?: boolean;
      twoFactorEnabled?: boolean;
    },
    admin: boolean,
  ) => {
    const existing = accountIds.get(user.username);
    if (existing) return existing;
    const id = newId('acc-');
    await tx.insert(accounts).values({
      id,
      sn: `SN${String(accountIds.size + 1).padStart(6, '0')}`,
      username: user.username,
      name: user.name,
      mobile: user.mobile,
      passwordHash: passwordHashes.get(user.username)!,
      isPlatformAdmin: admin,
      status: user.status ?? 'active',
      mustChangePassword: user.mustChangePassword ?? false,
      twoFactorEnabled: user.twoFactorEnabled ?? false,
    });
    accountIds.set(user.username, id);
    return id;
  };
  await upsertAccount(seed.platform.admin, true);
  await tx.insert(platformSettings).values({ key: 'login_config', value: seed.platform.loginConfig });
  const platformDictionaries = await seedPlatformDictionaries(tx, seed.platform.dictionaries);
  const platformParameters = await seedPlatformParameters(tx, seed.platform.params);

  for (const tenant of seed.tenants) {
    const tenantId = tenant.id ?? newId('t-');
    await tx.insert(tenants).values({
      id: tenantId,
      code: tenant.code,
      name: tenant.name,
      domain: tenant.domain,
      cloud: tenant.cloud,
      sysType: tenant.sysType,
      status: tenant.status,
      expiresAt: tenant.expiresAt ? new Date(tenant.expiresAt) : null,
      allowSelfRegistration: tenant.allowSelfRegistration,
      twoFactorRequired: tenant.twoFactorRequired,
      legacyLoginUrl: tenant.legacyLoginUrl,
      legacyBulletinUrl: tenant.legacyBulletinUrl,
    });
    await tx.insert(tenantLoginConfigs).values({ tenantId, config: tenant.loginConfig });
    const tenantMenus = tenant.applications.flatMap((key) => menuIdsByApp.get(key) ?? []);
    for (const key of tenant.applications) {
      await tx.insert(tenantApplications).values({ tenantId, applicationId: `app-${key}` });
    }
    await seedTenantDictionaries(tx, tenantId, tenant.dictionaries, platformDictionaries);
    await seedTenantParameters(tx, tenantId, tenant.params, platformParameters);
    const roleIds = new Map<string, string>();
    for (const role of tenant.roles) {
      const roleId = `${tenantId}-${role.code}`;
      roleIds.set(role.code, roleId);
      await tx.insert(roles).values({
        tenantId,
        id: roleId,
        code: role.code,
        name: role.name,
        isAdmin: role.isAdmin,
        builtin: role.isAdmin,
        permissions: role.permissions,
        dataScope: role.dataScope,
      });
      const granted = role.menus.includes('*')
        ? tenantMenus
        : role.menus.filter((m) => tenantMenus.includes(m));
      for (const menuId of granted) await tx.insert(roleMenuGrants).values({ tenantId, roleId, menuId });
    }
    const rootId = rootDepartmentId(tenantId);
    const rootPath = childPath(null, rootId);
    await tx.insert(departments).values({
      tenantId,
      id: rootId,
      name: rootDepartmentName(tenant.name),
      path: rootPath,
      depth: 1,
    });
    const placed = new Map<string, { id: string; path: string; depth: number }>();
    for (const [sort, department] of tenant.departments.entries()) {
      const parent = department.parent
        ? placed.get(department.parent)!
        : { id: rootId, path: rootPath, depth: 1 };
      const id = `${rootId}-${department.code}`;
      const place = { id, path: childPath(parent.path, id), depth: parent.depth + 1 };
      placed.set(department.code, place);
      await tx
        .insert(departments)
        .values({ tenantId, parentId: parent.id, name: department.name, sort, ...place });
    }
    for (const user of tenant.users) {
      const accountId = await upsertAccount(user, false);
      const departmentId = user.department ? placed.get(user.department)!.id : rootId;
      await tx.insert(tenantMemberships).values({ tenantId, accountId, departmentId, source: 'seed' });
      for (const code of user.roles) {
        await tx.insert(membershipRoles).values({ tenantId, accountId, roleId: roleIds.get(code)! });
      }
    }
    // Issue 15: the message centre's classes and messages.
    await seedTenantMessages(tx, tenantId, tenant, (username) => accountIds.get(username));
  }
};

/** The packages shipped with the product (server/seed/packages/), for seeds written elsewhere. */
const BUILT_IN_PACKAGES = path.join(SERVER_ROOT, 'seed', PACKAGES_FOLDER);

const isFile = (file: string) =>
  stat(file).then(
    (info) => info.isFile(),
    () => false,
  );

/**
 * Application packages the seed names, checked before loading: each is looked up in the packages/
 * folder beside the seed file, then among the packages shipped with the product (so a seed derived
 * from the demo seed and written to another folder keeps its packages).
 */
const seedPackages = async (seed: Seed, seedFile: string) => {
  const folders = [path.join(path.dirname(path.resolve(seedFile)), PACKAGES_FOLDER), BUILT_IN_PACKAGES];
  const packages: { source: string; name: string }[] = [];
  for (const [index, app] of seed.applications.entries()) {
    if (!app.package) continue;
    const candidates = folders.map((folder) => path.join(folder, app.package!));
    let source: string | undefined;
    for (const candidate of candidates) if (!source && (await isFile(candidate))) source = candidate;
    if (!source)
      throw new SeedError(
        `Invalid seed file ${seedFile}: applications[${index}].package: no file ${candidates.join(' or ')}`,
      );
    packages.push({ source, name: app.package });
  }
  return packages;
};

/**
 * Loads the seed's data into an empty database for the build's prepared directory: everything but the
 * passwords, which loadSeedIfEmpty sets at the first start of each installation.
 */
export const prepareSeed = async (db: Database, seedFile: string): Promise<void> => {
  const seed = await readSeedFile(seedFile);
  const everyUser = [seed.platform.admin, ...seed.tenants.flatMap((t) => t.users)];
  const placeholders = new Map(everyUser.map((user) => [user.username, PREPARED_PASSWORD_HASH]));
  await db.asPlatform((tx) => insertSeed(tx, seed, placeholders));
};

/**
 * Sets the real hashes in a prepared database, one UPDATE per distinct hash (users sharing a password
 * share its hash); false when there was nothing to set (not prepared, or done already).
 */
const completePreparedSeed = async (tx: Tx, passwordHashes: Map<string, Promise<string>>) => {
  const pending = await tx
    .select({ username: accounts.username })
    .from(accounts)
    .where(eq(accounts.passwordHash, PREPARED_PASSWORD_HASH));
  const usernamesByHash = new Map<Promise<string>, string[]>();
  for (const { username } of pending) {
    const hashing = passwordHashes.get(username);
    if (!hashing) throw new SeedError(`The prepared database has user "${username}", not in the seed file`);
    usernamesByHash.set(hashing, [...(usernamesByHash.get(hashing) ?? []), username]);
  }
  for (const [hashing, usernames] of usernamesByHash) {
    await tx
      .update(accounts)
      .set({ passwordHash: await hashing })
      .where(and(inArray(accounts.username, usernames), eq(accounts.passwordHash, PREPARED_PASSWORD_HASH)));
  }
  return pending.length > 0;
};

/**
 * Loads the seed into an empty database, in one transaction, once: instances starting together
 * serialise on an advisory lock and the later ones find data and leave it alone. A database copied
 * from the build's prepared directory already has the seed's data: then only the passwords are set.
 */
export const loadSeedIfEmpty = async (
  db: Database,
  options: { seedFile: string; adminPassword?: string; dataDir: string },
): Promise<SeedOutcome> => {
  const seed = await readSeedFile(options.seedFile);
  const packages = await seedPackages(seed, options.seedFile);
  const initialPassword = options.adminPassword ?? randomPassword();
  const everyUser = [seed.platform.admin, ...seed.tenants.flatMap((t) => t.users)];
  const passwordHashes = new Map<string, string>();
  // One argon2 hash per distinct password, not per user: the users that share the initial password
  // (the demo's, as the README says) share its hash, and the first start pays one hash, not five.
  const hashesByPassword = new Map<string, Promise<string>>();
  const hashing = new Map<string, Promise<string>>();
  for (const user of everyUser) {
    if (hashing.has(user.username)) continue;
    const password = user.password ?? initialPassword;
    if (!hashesByPassword.has(password)) hashesByPassword.set(password, hashPassword(password));
    hashing.set(user.username, hashesByPassword.get(password)!);
  }
  const loaded = await db.asPlatform(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx
      .select({ count: sql<string>`(SELECT count(*) FROM accounts) + (SELECT count(*) FROM tenants)` })
      .from(sql`(SELECT 1) AS one`);
    if (Number(existing?.count) > 0) return completePreparedSeed(tx, hashing);
    for (const [username, pending] of hashing) passwordHashes.set(username, await pending);
    await insertSeed(tx, seed, passwordHashes);
    return true;
  });
  if (!loaded) {
    await Promise.allSettled(hashing.values());
    return { loaded: false };
  }
  // Only with the data that names them: an existing installation's uploaded packages are never overwritten.
  if (packages.length > 0) {
    const target = path.join(options.dataDir, PACKAGES_FOLDER);
    await mkdir(target, { recursive: true });
    for (const { source, name } of packages) await copyFile(source, path.join(target, name));
  }
  if (options.adminPassword || seed.platform.admin.password) {
    return { loaded: true, adminUsername: seed.platform.admin.username };
  }
  const passwordFile = path.join(options.dataDir, INITIAL_PASSWORD_FILE);
  await writeFile(
    passwordFile,
    `Initial password of the platform administrator "${seed.platform.admin.username}" ` +
      `(demo users without a password of their own share it):\n${initialPassword}\n`,
    { mode: 0o600 },
  );
  await chmod(passwordFile, 0o600);
  return { loaded: true, adminUsername: seed.platform.admin.username, passwordFile };
};
