import { permissionCodesOf } from '@uniwim/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { accountIdOf, bearer, tokenFor } from '../support/fixtures';
import { loginClient } from '../support/login-client';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../support/test-app';

/**
 * The authorisation matrix of issue 24, generated from the permission catalogue: every admin write
 * that touches roles, grants, credentials or sessions is tried by a member delegated only that code
 * (and the list code its page needs), who must not reach anything beyond their own rights:
 * self-escalation, granting codes they lack, acting on a stronger member, acting on an account of
 * another tenant. A new code of these families fails this test until its attack is written here.
 */
const TENANT_ADMIN_ROLE = 't-water-tenant-admin';
const USERS = '/ump/admin/users';
const ROLES = '/ump/admin/roles';

/** Codes of the families that give rights or act on accounts; the exceptions say why they are not. */
const GIVES_OR_REACHES = /^(user|role|login-log|platform-user|platform-role):/;
const NOT_A_WRITE_ON_RIGHTS: Record<string, string> = {
  'user:list': 'reads',
  'user:view-mobile': 'reads',
  'user:export': 'reads',
  'role:list': 'reads',
  'role:effective-permissions': 'reads',
  'login-log:list': 'reads',
  'login-log:export': 'reads',
  'login-log:list-all': 'reads',
  'login-log:export-all': 'reads',
  'platform-user:list': 'reads',
  'platform-user:export': 'reads',
  'platform-role:list': 'reads',
  // A role in use cannot be deleted: deleting one changes nobody's rights.
  'role:delete': 'no holder',
  'platform-role:delete': 'no holder',
};

type Headers = Record<string, string>;
interface Kit {
  call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload: unknown,
    headers: Headers,
  ): Promise<{
    status: number;
    body: {
      Code: number;
      Error?: string;
      Message: string; // biome-ignore lint/suspicious/noExplicitAny: each attack reads its own answer's fields
      Response: any;
    };
  }>;
  /** A member of water holding exactly `codes` (through one role of their own). */
  delegate(codes: string[], menuIds?: string[]): Promise<{ id: string; headers: Headers; roleId: string }>;
  /** A member of water with no role (weaker than any delegate), owned by water alone. */
  weakMember(): Promise<string>;
  /** energy.staff: a water member without roles who belongs to energy too. */
  sharedMemberId: string;
  waterAdminId: string;
  /** The platform's super administrator, admin. */
  superAdminId: string;
  exec(query: ReturnType<typeof sql>): Promise<unknown>;
  passwordHashOf(accountId: string): Promise<string | null>;
  rolesOf(accountId: string): Promise<string[]>;
  platformDelegate(codes: string[]): Promise<{ id: string; headers: Headers; roleId: string }>;
  platformAdmin: Headers;
  app: TestApp;
}

const refused = (res: Awaited<ReturnType<Kit['call']>>, error: string) => {
  expect(res.body.Error, JSON.stringify(res.body)).toBe(error);
  expect(res.status).toBe(403);
};

/** Each attack tries what the code could be misused for, then checks nothing changed. */
const ATTACKS: Record<string, (kit: Kit) => Promise<void>> = {
  'user:create': async (kit) => {
    const { headers } = await kit.delegate(['user:list', 'user:create', 'user:assign-roles']);
    refused(
      await kit.call(
        'POST',
        USERS,
        { username: 'mx.admin2', name: '越权', roleIds: [TENANT_ADMIN_ROLE] },
        headers,
      ),
      'GRANT_NOT_HELD',
    );
    // An account of another tenant is invited, not taken: its password stays its holder's.
    const invited = await kit.call('POST', USERS, { mobile: '13700000001' }, headers);
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    expect(invited.body.Response).toMatchObject({
      username: 'energy.admin',
      status: 'invited',
      initialPassword: null,
    });
  },
  'user:import': async (kit) => {
    const { headers } = await kit.delegate(['user:list', 'user:import', 'user:create', 'user:assign-roles']);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('用户');
    sheet.addRow(['账号', '姓名', '角色']);
    sheet.addRow(['mx.imported', '导入越权', '租户管理员']);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const boundary = `----matrix${Date.now()}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="u.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await kit.app.server.inject({
      method: 'POST',
      url: `${USERS}/import?mode=commit`,
      payload,
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.json().Response, res.body).toMatchObject({ created: 0, failed: 1 });
  },
  'user:update': async (kit) => {
    const { headers } = await kit.delegate(['user:list', 'user:update']);
    refused(
      await kit.call('POST', `${USERS}/${kit.waterAdminId}/set-expiry`, { expiresAt: '2020-01-01' }, headers),
      'MEMBER_OUTRANKS',
    );
    const admin = (await kit.call('GET', `${USERS}/${kit.waterAdminId}`, undefined, headers)).body.Response;
    refused(
      await kit.call(
        'PUT',
        `${USERS}/${kit.waterAdminId}`,
        { version: admin.version, departmentId: null },
        headers,
      ),
      'MEMBER_OUTRANKS',
    );
    const weak = await kit.weakMember();
    const moved = await kit.call('POST', `${USERS}/${weak}/set-expiry`, { expiresAt: '2099-01-01' }, headers);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  },
  'user:assign-roles': async (kit) => {
    const me = await kit.delegate(['user:list', 'user:assign-roles']);
    refused(
      await kit.call(
        'POST',
        `${USERS}/${me.id}/assign-roles`,
        { roleIds: [me.roleId, TENANT_ADMIN_ROLE] },
        me.headers,
      ),
      'OWN_ROLES_UNCHANGEABLE',
    );
    refused(
      await kit.call(
        'POST',
        `${USERS}/batch`,
        { action: 'add-role', ids: [me.id], roleId: TENANT_ADMIN_ROLE },
        me.headers,
      ),
      'OWN_ROLES_UNCHANGEABLE',
    );
    const weak = await kit.weakMember();
    refused(
      await kit.call('POST', `${USERS}/${weak}/assign-roles`, { roleIds: [TENANT_ADMIN_ROLE] }, me.headers),
      'GRANT_NOT_HELD',
    );
    refused(
      await kit.call(
        'POST',
        `${USERS}/batch`,
        { action: 'add-role', ids: [weak], roleId: TENANT_ADMIN_ROLE },
        me.headers,
      ),
      'GRANT_NOT_HELD',
    );
    refused(
      await kit.call('POST', `${USERS}/${kit.waterAdminId}/assign-roles`, { roleIds: [] }, me.headers),
      'MEMBER_OUTRANKS',
    );
    // A stronger role than one's own is not given either, administrator or not.
    const stronger = await kit.delegate(['user:list', 'user:assign-roles', 'user:reset-password']);
    refused(
      await kit.call('POST', `${USERS}/${weak}/assign-roles`, { roleIds: [stronger.roleId] }, me.headers),
      'GRANT_NOT_HELD',
    );
    // Within one's rights it works: the delegate's own role to a weaker member.
    const given = await kit.call(
      'POST',
      `${USERS}/${weak}/assign-roles`,
      { roleIds: [me.roleId] },
      me.headers,
    );
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(await kit.rolesOf(me.id)).toEqual([me.roleId]);
    expect(await kit.rolesOf(kit.waterAdminId)).toEqual([TENANT_ADMIN_ROLE]);
  },
  'user:reset-password': async (kit) => {
    const { headers } = await kit.delegate(['user:list', 'user:reset-password']);
    const adminHash = await kit.passwordHashOf(kit.waterAdminId);
    refused(
      await kit.call('POST', `${USERS}/${kit.waterAdminId}/reset-password`, {}, headers),
      'MEMBER_OUTRANKS',
    );
    expect(await kit.passwordHashOf(kit.waterAdminId)).toBe(adminHash);
    const sharedHash = await kit.passwordHashOf(kit.sharedMemberId);
    refused(
      await kit.call('POST', `${USERS}/${kit.sharedMemberId}/reset-password`, {}, headers),
      'ACCOUNT_NOT_OWNED',
    );
    expect(await kit.passwordHashOf(kit.sharedMemberId)).toBe(sharedHash);
    const weak = await kit.weakMember();
    const reset = await kit.call('POST', `${USERS}/${weak}/reset-password`, {}, headers);
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body.Response.initialPassword).toEqual(expect.any(String));
  },
  'user:unlock': async (kit) => {
    const { headers } = await kit.delegate(['user:list', 'user:unlock']);
    refused(await kit.call('POST', `${USERS}/${kit.waterAdminId}/unlock`, {}, headers), 'MEMBER_OUTRANKS');
    refused(
      await kit.call('POST', `${USERS}/${kit.sharedMemberId}/unlock`, {}, headers),
      'ACCOUNT_NOT_OWNED',
    );
  },
  'login-log:unlock-all': async (kit) => {
    const me = await kit.platformDelegate(['login-log:list-all', 'login-log:unlock-all']);
    const superId = kit.superAdminId;
    await kit.exec(sql`INSERT INTO login_logs (tenant_id, id, account_id, username, mode, result, created_at)
      VALUES (NULL, 'll-super', ${superId}, 'admin', 'password', 'failure', now()) ON CONFLICT DO NOTHING`);
    refused(
      await kit.call('POST', '/dmp/admin/login-logs/ll-super/unlock', {}, me.headers),
      'MEMBER_OUTRANKS',
    );
  },
  'login-log:unlock': async (kit) => {
    const { headers } = await kit.delegate(['login-log:list', 'login-log:unlock']);
    const rowOf = async (accountId: string) => {
      await kit.exec(sql`INSERT INTO login_logs (tenant_id, id, account_id, username, mode, result, created_at)
        VALUES ('t-water', ${`ll-${accountId}`}, ${accountId}, 'x', 'password', 'failure', now()) ON CONFLICT DO NOTHING`);
      return `ll-${accountId}`;
    };
    refused(
      await kit.call('POST', `/ump/admin/login-logs/${await rowOf(kit.waterAdminId)}/unlock`, {}, headers),
      'MEMBER_OUTRANKS',
    );
    refused(
      await kit.call('POST', `/ump/admin/login-logs/${await rowOf(kit.sharedMemberId)}/unlock`, {}, headers),
      'ACCOUNT_NOT_OWNED',
    );
  },
  'user:sessions': async (kit) => {
    const { headers } = await kit.delegate(['user:list', 'user:sessions']);
    const adminSession = await kit.app.services.sessions.issue({
      accountId: kit.waterAdminId,
      tenantId: 't-water',
    });
    refused(
      await kit.call(
        'DELETE',
        `${USERS}/${kit.waterAdminId}/sessions/${adminSession.sessionId}`,
        undefined,
        headers,
      ),
      'MEMBER_OUTRANKS',
    );
    refused(await kit.call('POST', `${USERS}/${kit.waterAdminId}/sign-out`, {}, headers), 'MEMBER_OUTRANKS');
    const still = await kit.call('GET', '/ump/currUserInfo', undefined, bearer(adminSession.token));
    expect(still.status).toBe(200);
  },
  'user:enable': async (kit) => {
    const { headers } = await kit.delegate(['user:list', 'user:enable']);
    refused(await kit.call('POST', `${USERS}/${kit.waterAdminId}/disable`, {}, headers), 'MEMBER_OUTRANKS');
    refused(
      await kit.call('POST', `${USERS}/batch`, { action: 'disable', ids: [kit.waterAdminId] }, headers),
      'MEMBER_OUTRANKS',
    );
  },
  'user:delete': async (kit) => {
    const { headers } = await kit.delegate(['user:list', 'user:delete']);
    refused(await kit.call('DELETE', `${USERS}/${kit.waterAdminId}`, undefined, headers), 'MEMBER_OUTRANKS');
  },
  'role:create': async (kit) => {
    const { headers } = await kit.delegate(['role:list', 'role:create', 'role:grant']);
    refused(
      await kit.call(
        'POST',
        ROLES,
        { code: 'mx-new', name: '越权新角色', permissions: ['user:create'] },
        headers,
      ),
      'GRANT_NOT_HELD',
    );
    refused(
      await kit.call('POST', ROLES, { code: 'mx-menu', name: '越权菜单', menuIds: ['m-devices'] }, headers),
      'GRANT_NOT_HELD',
    );
    const within = await kit.call(
      'POST',
      ROLES,
      { code: 'mx-ok', name: '自有权限', permissions: ['role:list'] },
      headers,
    );
    expect(within.status, JSON.stringify(within.body)).toBe(200);
  },
  'role:update': async (kit) => {
    const me = await kit.delegate(['role:list', 'role:update', 'role:grant']);
    const role = (await kit.call('GET', `${ROLES}/${me.roleId}`, undefined, me.headers)).body.Response;
    refused(
      await kit.call(
        'PUT',
        `${ROLES}/${me.roleId}`,
        {
          version: role.version,
          permissions: [
            ...role.permissions,
            'user:create',
            'user:reset-password',
            'tenant-settings:security',
          ],
        },
        me.headers,
      ),
      'GRANT_NOT_HELD',
    );
    const after = (await kit.call('GET', `${ROLES}/${me.roleId}`, undefined, me.headers)).body.Response;
    expect(after.permissions).toEqual(role.permissions);
  },
  'role:grant': async (kit) => ATTACKS['role:update']!(kit),
  'role:assign-users': async (kit) => {
    const me = await kit.delegate(['role:list', 'role:assign-users']);
    refused(
      await kit.call('POST', `${ROLES}/${TENANT_ADMIN_ROLE}/add-users`, { accountIds: [me.id] }, me.headers),
      'OWN_ROLES_UNCHANGEABLE',
    );
    const weak = await kit.weakMember();
    refused(
      await kit.call('POST', `${ROLES}/${TENANT_ADMIN_ROLE}/add-users`, { accountIds: [weak] }, me.headers),
      'GRANT_NOT_HELD',
    );
    refused(
      await kit.call(
        'POST',
        `${ROLES}/${TENANT_ADMIN_ROLE}/remove-users`,
        { accountIds: [kit.waterAdminId] },
        me.headers,
      ),
      'GRANT_NOT_HELD',
    );
    expect(await kit.rolesOf(me.id)).toEqual([me.roleId]);
    expect(await kit.rolesOf(kit.waterAdminId)).toEqual([TENANT_ADMIN_ROLE]);
    expect(await kit.rolesOf(weak)).toEqual([]);
  },
  'platform-user:create': async (kit) => {
    const me = await kit.platformDelegate(['platform-user:list', 'platform-user:create']);
    refused(
      await kit.call(
        'POST',
        '/dmp/admin/platform-users',
        { username: 'mx.super', name: '越权', superAdmin: true },
        me.headers,
      ),
      'GRANT_NOT_HELD',
    );
    const strong = await kit.platformDelegate(['platform-user:list', 'platform-user:reset-password']);
    refused(
      await kit.call(
        'POST',
        '/dmp/admin/platform-users',
        { username: 'mx.strong', name: '越权', roleIds: [strong.roleId] },
        me.headers,
      ),
      'GRANT_NOT_HELD',
    );
  },
  'platform-user:update': async (kit) => {
    const me = await kit.platformDelegate(['platform-user:list', 'platform-user:update']);
    const own = (await kit.call('GET', `/dmp/admin/platform-users/${me.id}`, undefined, me.headers)).body
      .Response;
    refused(
      await kit.call(
        'PUT',
        `/dmp/admin/platform-users/${me.id}`,
        { version: own.version, superAdmin: true },
        me.headers,
      ),
      'OWN_ROLES_UNCHANGEABLE',
    );
    const superId = kit.superAdminId;
    const superRow = (
      await kit.call('GET', `/dmp/admin/platform-users/${superId}`, undefined, kit.platformAdmin)
    ).body.Response;
    refused(
      await kit.call(
        'PUT',
        `/dmp/admin/platform-users/${superId}`,
        { version: superRow.version, mobile: '13811112222' },
        me.headers,
      ),
      'MEMBER_OUTRANKS',
    );
    refused(
      await kit.call('POST', `/dmp/admin/platform-users/${superId}/disable`, {}, me.headers),
      'MEMBER_OUTRANKS',
    );
  },
  'platform-user:reset-password': async (kit) => {
    const me = await kit.platformDelegate(['platform-user:list', 'platform-user:reset-password']);
    const superId = kit.superAdminId;
    const hash = await kit.passwordHashOf(superId);
    refused(
      await kit.call('POST', `/dmp/admin/platform-users/${superId}/reset-password`, {}, me.headers),
      'MEMBER_OUTRANKS',
    );
    expect(await kit.passwordHashOf(superId)).toBe(hash);
  },
  'platform-user:unlock': async (kit) => {
    const me = await kit.platformDelegate(['platform-user:list', 'platform-user:unlock']);
    const superId = kit.superAdminId;
    refused(
      await kit.call('POST', `/dmp/admin/platform-users/${superId}/unlock`, {}, me.headers),
      'MEMBER_OUTRANKS',
    );
  },
  'platform-user:sessions': async (kit) => {
    const me = await kit.platformDelegate(['platform-user:list', 'platform-user:sessions']);
    const superId = kit.superAdminId;
    refused(
      await kit.call('POST', `/dmp/admin/platform-users/${superId}/sign-out`, {}, me.headers),
      'MEMBER_OUTRANKS',
    );
    expect((await kit.call('GET', '/ump/currUserInfo', undefined, kit.platformAdmin)).status).toBe(200);
  },
  'platform-user:delete': async (kit) => {
    const me = await kit.platformDelegate(['platform-user:list', 'platform-user:delete']);
    const superId = kit.superAdminId;
    refused(
      await kit.call('DELETE', `/dmp/admin/platform-users/${superId}`, undefined, me.headers),
      'MEMBER_OUTRANKS',
    );
  },
  'platform-role:create': async (kit) => {
    const me = await kit.platformDelegate(['platform-role:list', 'platform-role:create']);
    refused(
      await kit.call(
        'POST',
        '/dmp/admin/platform-roles',
        { code: 'mx-prole', name: '越权', permissions: ['tenant:purge'] },
        me.headers,
      ),
      'GRANT_NOT_HELD',
    );
  },
  'platform-role:update': async (kit) => {
    const me = await kit.platformDelegate(['platform-role:list', 'platform-role:update']);
    const role = (await kit.call('GET', `/dmp/admin/platform-roles/${me.roleId}`, undefined, me.headers)).body
      .Response;
    refused(
      await kit.call(
        'PUT',
        `/dmp/admin/platform-roles/${me.roleId}`,
        { version: role.version, permissions: [...role.permissions, 'platform-user:reset-password'] },
        me.headers,
      ),
      'GRANT_NOT_HELD',
    );
  },
};

const FAMILY = [...permissionCodesOf('tenant'), ...permissionCodesOf('platform')]
  .filter((code) => GIVES_OR_REACHES.test(code) && !(code in NOT_A_WRITE_ON_RIGHTS))
  .sort();

describe.each(testBackends())('the delegation matrix on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let kit: Kit;
  let counter = 0;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    const exec = (query: ReturnType<typeof sql>) => infra.db.asPlatform((tx) => tx.execute(query));
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await exec(query)) as unknown as { rows: T[] }).rows;
    const newAccount = async (prefix: string) => {
      const n = ++counter;
      const id = `acc-mx-${prefix}-${n}`;
      await exec(
        sql`INSERT INTO accounts (id, sn, username, name) VALUES (${id}, ${`SNMX${prefix}${n}`}, ${`mx.${prefix}.${n}`}, ${`矩阵${n}`})`,
      );
      return id;
    };
    const joinWater = (accountId: string) =>
      exec(
        sql`INSERT INTO tenant_memberships (tenant_id, account_id, department_id) VALUES ('t-water', ${accountId}, 'd-t-water')`,
      );
    const sharedMemberId = await accountIdOf(infra.db, 'energy.staff');
    await joinWater(sharedMemberId);
    kit = {
      app,
      exec,
      sharedMemberId,
      waterAdminId: await accountIdOf(infra.db, 'water.admin'),
      superAdminId: await accountIdOf(infra.db, 'admin'),
      platformAdmin: bearer(await tokenFor(app, infra.db, 'admin', null)),
      call: async (method, url, payload, headers) => {
        const res = await app.server.inject({
          method,
          url,
          headers,
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
        return { status: res.statusCode, body: res.json() };
      },
      delegate: async (codes, menuIds = []) => {
        const id = await newAccount('member');
        const roleId = `r-mx-${counter}`;
        await joinWater(id);
        await exec(sql`INSERT INTO roles (tenant_id, id, code, name, permissions)
          VALUES ('t-water', ${roleId}, ${roleId}, ${roleId}, ${`{${codes.join(',')}}`}::text[])`);
        for (const menuId of menuIds)
          await exec(
            sql`INSERT INTO role_menu_grants (tenant_id, role_id, menu_id) VALUES ('t-water', ${roleId}, ${menuId})`,
          );
        await exec(
          sql`INSERT INTO membership_roles (tenant_id, account_id, role_id) VALUES ('t-water', ${id}, ${roleId})`,
        );
        return {
          id,
          roleId,
          headers: bearer(await tokenFor(app, infra.db, `mx.member.${counter}`, 't-water')),
        };
      },
      weakMember: async () => {
        const id = await newAccount('weak');
        await joinWater(id);
        return id;
      },
      platformDelegate: async (codes) => {
        const id = await newAccount('operator');
        const roleId = `prole-mx-${counter}`;
        await exec(sql`INSERT INTO platform_roles (id, code, name, permissions)
          VALUES (${roleId}, ${roleId}, ${roleId}, ${`{${codes.join(',')}}`}::text[])`);
        await exec(sql`INSERT INTO account_platform_roles (account_id, role_id) VALUES (${id}, ${roleId})`);
        return { id, roleId, headers: bearer(await tokenFor(app, infra.db, `mx.operator.${counter}`, null)) };
      },
      passwordHashOf: async (accountId) =>
        (
          await rows<{ password_hash: string | null }>(
            sql`SELECT password_hash FROM accounts WHERE id = ${accountId}`,
          )
        )[0]?.password_hash ?? null,
      rolesOf: async (accountId) =>
        (
          await rows<{ role_id: string }>(
            sql`SELECT role_id FROM membership_roles WHERE tenant_id = 't-water' AND account_id = ${accountId} ORDER BY role_id`,
          )
        ).map((row) => row.role_id),
    };
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  it('has an attack for every code that gives rights or acts on accounts', () => {
    expect(FAMILY.filter((code) => !(code in ATTACKS))).toEqual([]);
    expect(FAMILY.length).toBeGreaterThanOrEqual(20);
  });

  it.each(FAMILY)('a member delegated only %s reaches nothing beyond their own rights', async (code) => {
    await ATTACKS[code]!(kit);
  });

  it("adding another tenant's member by mobile takes nothing over: energy's password still signs in to energy", async () => {
    const waterAdmin = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    const added = await kit.call('POST', USERS, { mobile: '13700000001' }, waterAdmin);
    expect([200, 409]).toContain(added.status);
    const energyAdminId = await accountIdOf(infra.db, 'energy.admin');
    refused(
      await kit.call('POST', `${USERS}/${energyAdminId}/reset-password`, {}, waterAdmin),
      'ACCOUNT_NOT_OWNED',
    );
    const login = await loginClient(app).login(
      { username: 'energy.admin', password: TEST_ADMIN_PASSWORD, tenantId: 't-energy' },
      { 'x-forwarded-for': '10.62.0.1' },
    );
    expect(login.body.Code, JSON.stringify(login.body)).toBe(0);
    // Until the holder accepts, the invitation grants nothing in water.
    const intoWater = await loginClient(app).login(
      { username: 'energy.admin', password: TEST_ADMIN_PASSWORD, tenantId: 't-water' },
      { 'x-forwarded-for': '10.62.0.2' },
    );
    expect(intoWater.body.Error).toBe('NOT_A_MEMBER');
  });
});
