import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { accountIdOf, bearer, tokenFor } from '../support/fixtures';
import { loginClient } from '../support/login-client';
import { startTestApp, type TestApp } from '../support/test-app';

const BASE = '/ump/admin/users';
const OPS = 'd-t-water-ops';
const SERVICE = 'd-t-water-service';
const HOTLINE = 'd-t-water-hotline';

const workbookOf = async (rows: (string | null)[][]) => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('用户');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};
const multipart = (file: Buffer) => {
  const boundary = `----uniwim${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

describe.each(testBackends())('tenant users on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let water: Record<string, string>;
  let energy: Record<string, string>;
  let ipCounter = 0;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    water = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    energy = bearer(await tokenFor(app, infra.db, 'energy.admin', 't-energy'));
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = water) =>
    app.server.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const list = async (query: string, headers = water) => {
    const res = await call('GET', `${BASE}?pageSize=200&${query}`, undefined, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Response as { items: Record<string, unknown>[]; total: number };
  };
  const usernames = async (query: string, headers = water) =>
    (await list(query, headers)).items.map((row) => row.username as string).sort();
  const signIn = (username: string, password: string, tenantId?: string) =>
    loginClient(app).login(
      { username, password, ...(tenantId ? { tenantId } : {}) },
      { 'x-forwarded-for': `10.61.0.${++ipCounter}` },
    );
  const exec = (query: ReturnType<typeof sql>) => infra.db.asPlatform((tx) => tx.execute(query));
  /** A tenant role held by `username`, set up by SQL (the roles page is built elsewhere). */
  const holdRole = async (username: string, roleId: string, permissions: string[], dataScope = 'all') => {
    const accountId = await accountIdOf(infra.db, username);
    await exec(sql`INSERT INTO roles (tenant_id, id, code, name, permissions, data_scope)
      VALUES ('t-water', ${roleId}, ${roleId}, ${roleId}, ${`{${permissions.join(',')}}`}::text[], ${dataScope})
      ON CONFLICT (tenant_id, id) DO UPDATE SET permissions = EXCLUDED.permissions, data_scope = EXCLUDED.data_scope`);
    await exec(sql`INSERT INTO membership_roles (tenant_id, account_id, role_id)
      VALUES ('t-water', ${accountId}, ${roleId}) ON CONFLICT DO NOTHING`);
  };

  let created: { id: string; initialPassword: string };

  it('lists members with department, roles and masked mobiles unless permitted; the tree filters with or without sub-departments', async () => {
    const all = await list('');
    expect(all.items.map((row) => row.username).sort()).toEqual(['water.admin', 'water.op']);
    expect(all.items.find((row) => row.username === 'water.op')).toMatchObject({
      name: '李运维',
      mobile: '13900000002',
      departmentId: OPS,
      departmentName: '生产运营部',
      roleNames: ['运维人员'],
      status: 'active',
      source: 'seed',
    });
    expect(await usernames(`departmentId=d-t-water`)).toEqual(['water.admin', 'water.op']);
    expect(await usernames(`departmentId=d-t-water&subDepartments=false`)).toEqual(['water.admin']);
    expect(await usernames(`q=李运`)).toEqual(['water.op']);
    expect(await usernames(`q=0000002`)).toEqual(['water.op']);

    await holdRole('water.op', 'r-viewer', ['user:list']);
    const viewer = bearer(await tokenFor(app, infra.db, 'water.op', 't-water'));
    const masked = await list('', viewer);
    expect(masked.items.find((row) => row.username === 'water.admin')?.mobile).toBe('139****0001');
  });

  it('creates a new account in a department with a role, its password shown once and changed at first sign-in', async () => {
    const res = await call('POST', BASE, {
      username: 'water.new',
      name: '新用户',
      mobile: '13900000099',
      departmentId: HOTLINE,
      roleIds: ['t-water-operator'],
    });
    expect(res.statusCode, res.body).toBe(200);
    created = res.json().Response;
    expect(created).toMatchObject({ departmentId: HOTLINE, roleNames: ['运维人员'], source: 'admin' });
    expect(created.initialPassword).toMatch(/.{8,}/);
    const first = await signIn('water.new', created.initialPassword);
    expect(first.body.Response.changePwd, first.res.body).toBe(true);
    const row = (await call('GET', `${BASE}/${created.id}`)).json().Response;
    expect(row.lastSignInAt).not.toBeNull();
    expect(row.lastSignInIp).toMatch(/^10\.61\.0\./);
    expect(await usernames(`departmentId=${SERVICE}`)).toEqual(['water.new']);
    expect(await usernames(`departmentId=${SERVICE}&subDepartments=false`)).toEqual([]);
  });

  it('adds an existing account (of another tenant) by its mobile', async () => {
    const res = await call('POST', BASE, { mobile: '13700000002', departmentId: OPS });
    expect(res.statusCode, res.body).toBe(200);
    // The account is its holder's: joining waits for them to accept (issue 24), granting nothing.
    expect(res.json().Response).toMatchObject({
      username: 'energy.staff',
      initialPassword: null,
      departmentId: OPS,
      status: 'invited',
    });
    const again = await call('POST', BASE, { mobile: '13700000002' });
    expect(again.statusCode).toBe(409);
    expect(again.json().Message).toBe('该用户已是本租户成员');
    const staffId = res.json().Response.id as string;
    expect((await call('POST', `${BASE}/${staffId}/enable`, {})).json().Error).toBe('INVITATION_PENDING');
    expect((await call('POST', `${BASE}/${staffId}/reset-password`, {})).json().Error).toBe(
      'ACCOUNT_NOT_OWNED',
    );

    const inEnergy = bearer(await tokenFor(app, infra.db, 'energy.staff', 't-energy'));
    const invitations = await call('GET', '/ump/invitations', undefined, inEnergy);
    expect(invitations.json().Response).toEqual([
      expect.objectContaining({
        tenantId: 't-water',
        tenantName: '示范水务集团',
        departmentName: expect.any(String),
      }),
    ]);
    const accepted = await call('POST', '/ump/invitations/t-water/accept', {}, inEnergy);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await call('GET', `${BASE}/${staffId}`)).json().Response.status).toBe('active');
    expect((await call('GET', '/ump/invitations', undefined, inEnergy)).json().Response).toEqual([]);
    expect((await call('POST', '/ump/invitations/t-water/accept', {}, inEnergy)).statusCode).toBe(404);
  });

  it('enforces the seat limit on create and on import, with the numbers', async () => {
    const [{ n }] = (
      (await exec(sql`SELECT member_count AS n FROM tenants WHERE id = 't-water'`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows as [{ n: number }];
    await exec(sql`UPDATE tenants SET seat_limit = ${n} WHERE id = 't-water'`);
    const refused = await call('POST', BASE, { username: 'water.extra', name: '超额' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      Error: 'SEAT_LIMIT_REACHED',
      Message: `已达席位上限：已用 ${n} / 上限 ${n}`,
    });
    const file = multipart(
      await workbookOf([
        ['账号', '姓名'],
        ['water.extra', '超额'],
      ]),
    );
    const imported = await app.server.inject({
      method: 'POST',
      url: `${BASE}/import?mode=commit`,
      payload: file.payload,
      headers: { ...water, ...file.headers },
    });
    expect(imported.json().Response).toMatchObject({ created: 0, failed: 1 });
    expect(await usernames('q=water.extra')).toEqual([]);
    await exec(sql`UPDATE tenants SET seat_limit = NULL WHERE id = 't-water'`);
  });

  it('imports: a row with a known mobile updates that member; a new row is created with source import', async () => {
    const file = multipart(
      await workbookOf([
        ['账号', '姓名', '手机号', '部门', '角色'],
        [null, null, '13900000002', '客户服务部', '运维人员'],
        ['water.imported', '导入用户', '13900000077', '热线班组', null],
      ]),
    );
    const res = await app.server.inject({
      method: 'POST',
      url: `${BASE}/import?mode=commit&update=true`,
      payload: file.payload,
      headers: { ...water, ...file.headers },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Response).toMatchObject({ created: 1, updated: 1, failed: 0 });
    const rows = (await list('')).items;
    expect(rows.find((row) => row.username === 'water.op')).toMatchObject({ departmentId: SERVICE });
    expect(rows.find((row) => row.username === 'water.imported')).toMatchObject({
      departmentId: HOTLINE,
      source: 'import',
    });
  });

  it('protects the operator and the last administrator (409 with the reason), batches all or nothing', async () => {
    const adminId = await accountIdOf(infra.db, 'water.admin');
    const self = await call('POST', `${BASE}/${adminId}/disable`, {});
    expect(self.statusCode).toBe(409);
    expect(self.json().Message).toBe('不能停用自己的账号');
    expect((await call('DELETE', `${BASE}/${adminId}`)).json().Message).toBe('不能删除自己的账号');

    await holdRole('water.op', 'r-viewer', ['user:list', 'user:enable', 'user:delete', 'user:assign-roles']);
    const manager = bearer(await tokenFor(app, infra.db, 'water.op', 't-water'));
    // A delegated manager does not reach an administrator at all (issue 24): 403 before any 409.
    const last = await call('POST', `${BASE}/${adminId}/disable`, {}, manager);
    expect(last.statusCode).toBe(403);
    expect(last.json().Error).toBe('MEMBER_OUTRANKS');
    const lastDelete = await call('DELETE', `${BASE}/${adminId}`, undefined, manager);
    expect(lastDelete.json().Error).toBe('MEMBER_OUTRANKS');
    const unassign = await call('POST', `${BASE}/${adminId}/assign-roles`, { roleIds: [] }, manager);
    expect(unassign.json().Error).toBe('MEMBER_OUTRANKS');

    const batch = await call('POST', `${BASE}/batch`, { action: 'disable', ids: [created.id, adminId] });
    expect(batch.statusCode).toBe(409);
    expect((await call('GET', `${BASE}/${created.id}`)).json().Response.status).toBe('active');
    const moved = await call('POST', `${BASE}/batch`, {
      action: 'move',
      ids: [created.id],
      departmentId: OPS,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const added = await call('POST', `${BASE}/batch`, {
      action: 'add-role',
      ids: [created.id],
      roleId: 'r-viewer',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((await call('GET', `${BASE}/${created.id}`)).json().Response).toMatchObject({
      departmentId: OPS,
      roleIds: ['r-viewer', 't-water-operator'],
    });
  });

  it("ends a disabled member's sessions in this tenant at once, not in their other tenants", async () => {
    const staffId = await accountIdOf(infra.db, 'energy.staff');
    const inWater = bearer(await tokenFor(app, infra.db, 'energy.staff', 't-water'));
    const inEnergy = bearer(await tokenFor(app, infra.db, 'energy.staff', 't-energy'));
    const sessions = await call('GET', `${BASE}/${staffId}/sessions`);
    expect(sessions.json().Response).toHaveLength(1);
    expect((await call('GET', '/ump/currUserInfo', undefined, inWater)).statusCode).toBe(200);
    const disabled = await call('POST', `${BASE}/${staffId}/disable`, {});
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await call('GET', '/ump/currUserInfo', undefined, inWater)).statusCode).toBe(401);
    expect((await call('GET', '/ump/currUserInfo', undefined, inEnergy)).statusCode).toBe(200);
    expect((await call('GET', `${BASE}/${staffId}/sessions`)).json().Response).toHaveLength(0);
  });

  it('refuses a sign-in into the tenant after the account expiry date, with a clear message; ends its sessions', async () => {
    const signedIn = bearer(await tokenFor(app, infra.db, 'water.new', 't-water'));
    expect((await call('GET', '/ump/currUserInfo', undefined, signedIn)).statusCode).toBe(200);
    const reset = await call('POST', `${BASE}/${created.id}/set-expiry`, { expiresAt: '2020-01-01' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await call('GET', '/ump/currUserInfo', undefined, signedIn)).statusCode).toBe(401);
    const refused = await signIn('water.new', created.initialPassword, 't-water');
    expect(refused.body).toMatchObject({
      Error: 'MEMBERSHIP_EXPIRED',
      Message: '账号在该租户的有效期已过，请联系管理员',
    });
    await call('POST', `${BASE}/${created.id}/set-expiry`, { expiresAt: null });
  });

  it('resets a password (a change forced at next sign-in) and deletes a member, the account staying', async () => {
    const reset = await call('POST', `${BASE}/${created.id}/reset-password`, {});
    expect(reset.statusCode, reset.body).toBe(200);
    const password = reset.json().Response.initialPassword as string;
    expect((await signIn('water.new', password)).body.Response.changePwd).toBe(true);
    expect((await call('DELETE', `${BASE}/${created.id}`)).statusCode).toBe(200);
    expect((await call('GET', `${BASE}/${created.id}`)).statusCode).toBe(404);
  });

  it("water's administrator can neither read nor change energy's users by any id", async () => {
    const energyAdmin = await accountIdOf(infra.db, 'energy.admin');
    const waterOp = await accountIdOf(infra.db, 'water.op');
    expect(await usernames('', energy)).toEqual(['energy.admin', 'energy.staff']);
    for (const [method, url, body] of [
      ['GET', `${BASE}/${energyAdmin}`, undefined],
      ['PUT', `${BASE}/${energyAdmin}`, { expiresAt: null, version: 0 }],
      ['DELETE', `${BASE}/${energyAdmin}`, undefined],
      ['POST', `${BASE}/${energyAdmin}/disable`, {}],
      ['POST', `${BASE}/${energyAdmin}/reset-password`, {}],
      ['GET', `${BASE}/${energyAdmin}/sessions`, undefined],
    ] as const) {
      expect((await call(method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    const batch = await call('POST', `${BASE}/batch`, { action: 'disable', ids: [energyAdmin] });
    expect(batch.statusCode).toBe(404);
    expect((await call('GET', `${BASE}/${waterOp}`, undefined, energy)).statusCode).toBe(404);
    expect((await call('POST', `${BASE}/${waterOp}/disable`, {}, energy)).statusCode).toBe(404);
  });
});
