import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { loginClient } from '../support/login-client';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../support/test-app';

const TENANT_LEDGER = '/ump/admin/user-ledger';
const PLATFORM_LEDGER = '/dmp/admin/user-ledger';

interface Row {
  id: string;
  username: string;
  departmentName: string | null;
  roleNames: string[];
  highlights: string[];
  locked: boolean;
  lastSignInAt: string | null;
  lastSignInIp: string | null;
  [key: string]: unknown;
}

const rowsOfWorkbook = async (file: Buffer): Promise<unknown[][]> => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
};

describe.each(testBackends())('the user register on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let waterAdmin: Record<string, string>;
  let platformAdmin: Record<string, string>;

  const run = (statement: ReturnType<typeof sql>) => infra.db.asPlatform((tx) => tx.execute(statement));
  const accountIdOf = async (username: string) =>
    (
      (await run(sql`SELECT id FROM accounts WHERE username = ${username}`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows[0]!.id;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    waterAdmin = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    platformAdmin = bearer(await tokenFor(app, infra.db, 'admin', null));
    // Two more members of water: one on the hotline (under 客户服务部), one in 客户服务部 itself.
    await run(sql`INSERT INTO accounts (id, sn, username, name, password_changed_at, password_hash)
      VALUES ('acc-ul-hot', 'SNULHOT', 'ul.hotline', '热线员', now() - interval '40 days', 'x'),
             ('acc-ul-svc', 'SNULSVC', 'ul.service', '服务主管', now(), 'x')`);
    await run(sql`INSERT INTO tenant_memberships (tenant_id, account_id, department_id, source, expires_at, created_at)
      VALUES ('t-water', 'acc-ul-hot', 'd-t-water-hotline', 'import', now() + interval '10 days', now() - interval '200 days'),
             ('t-water', 'acc-ul-svc', 'd-t-water-service', 'sms', NULL, now())`);
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const list = async (url: string, headers: Record<string, string>, query = '') => {
    const res = await app.server.inject({ method: 'GET', url: `${url}?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Response as { items: Row[]; total: number };
  };
  const usernames = async (url: string, headers: Record<string, string>, query = '') =>
    (await list(url, headers, `${query}&sort=username`)).items.map((row) => row.username);

  it("shows the tenant's members with department, roles, source, password age and expiry", async () => {
    const { items, total } = await list(TENANT_LEDGER, waterAdmin, 'sort=username');
    expect(total).toBe(4);
    expect(items.map((row) => row.username)).toEqual(['ul.hotline', 'ul.service', 'water.admin', 'water.op']);
    const [hotline, , admin, op] = items;
    expect(admin).toMatchObject({
      departmentName: '示范水务集团',
      roleNames: ['租户管理员'],
      status: 'active',
    });
    expect(op).toMatchObject({ departmentName: '生产运营部', roleNames: ['运维人员'], source: 'seed' });
    expect(hotline).toMatchObject({
      departmentName: '热线班组',
      source: 'import',
      passwordAgeDays: 40,
      twoFactorEnabled: false,
      locked: false,
      highlights: ['dormant', 'expiring'],
    });
  });

  it('filters by the highlights, a department name and the search', async () => {
    expect(await usernames(TENANT_LEDGER, waterAdmin, 'highlights=expiring')).toEqual(['ul.hotline']);
    expect(await usernames(TENANT_LEDGER, waterAdmin, 'highlights=dormant')).toEqual(['ul.hotline']);
    expect(await usernames(TENANT_LEDGER, waterAdmin, 'department=%E7%83%AD%E7%BA%BF')).toEqual([
      'ul.hotline',
    ]);
    expect(await usernames(TENANT_LEDGER, waterAdmin, 'source=sms')).toEqual(['ul.service']);
    expect(await usernames(TENANT_LEDGER, waterAdmin, 'q=%E8%BF%90%E7%BB%B4')).toEqual(['water.op']);
  });

  it('marks and filters accounts the lock-out holds, and forgets them once unlocked', async () => {
    const settings = {
      enabled: true,
      maxFailures: 2,
      ipMaxFailures: 1000,
      windowMs: 60_000,
      lockMs: 600_000,
    };
    for (let i = 0; i < 2; i++) await app.services.lockout.recordFailure('ul.service', '10.70.0.1', settings);
    expect(await usernames(TENANT_LEDGER, waterAdmin, 'highlights=locked')).toEqual(['ul.service']);
    const [row] = (await list(TENANT_LEDGER, waterAdmin, 'username=ul.service')).items;
    expect(row).toMatchObject({ locked: true, highlights: ['locked'] });
    await app.services.lockout.unlock('ul.service');
    expect(await usernames(TENANT_LEDGER, waterAdmin, 'highlights=locked')).toEqual([]);
  });

  it("records a member's last sign-in time and address", async () => {
    const signIn = await loginClient(app).login(
      { username: 'water.op', password: TEST_ADMIN_PASSWORD },
      { 'x-forwarded-for': '10.71.0.9' },
    );
    expect(signIn.body.Code).toBe(0);
    await app.services.loginLog.flush();
    const [row] = (await list(TENANT_LEDGER, waterAdmin, 'username=water.op')).items;
    expect(row!.lastSignInIp).toBe('10.71.0.9');
    expect(Date.now() - Date.parse(row!.lastSignInAt!)).toBeLessThan(60_000);
  });

  it("applies the viewer's data scope: own department, and own department and below", async () => {
    await run(sql`INSERT INTO roles (tenant_id, id, code, name, permissions, data_scope)
      VALUES ('t-water', 'r-ul-below', 'ul-below', '台账查看（本部门及以下）', '{user-ledger:list}', 'department_and_below'),
             ('t-water', 'r-ul-own', 'ul-own', '台账查看（本部门）', '{user-ledger:list}', 'department')`);
    await run(sql`INSERT INTO membership_roles (tenant_id, account_id, role_id)
      VALUES ('t-water', 'acc-ul-svc', 'r-ul-below'), ('t-water', 'acc-ul-hot', 'r-ul-own')`);
    const service = bearer(await tokenFor(app, infra.db, 'ul.service', 't-water'));
    expect(await usernames(TENANT_LEDGER, service)).toEqual(['ul.hotline', 'ul.service']);
    const hotline = bearer(await tokenFor(app, infra.db, 'ul.hotline', 't-water'));
    expect(await usernames(TENANT_LEDGER, hotline)).toEqual(['ul.hotline']);
    // Out of scope by id as well.
    const opId = await accountIdOf('water.op');
    const res = await app.server.inject({ method: 'GET', url: `${TENANT_LEDGER}/${opId}`, headers: service });
    expect(res.statusCode).toBe(404);
    // Without the code: refused.
    const op = bearer(await tokenFor(app, infra.db, 'water.op', 't-water'));
    expect((await app.server.inject({ method: 'GET', url: TENANT_LEDGER, headers: op })).statusCode).toBe(
      403,
    );
  });

  it("cross-tenant: water's administrator sees none of energy's members, by list or by id", async () => {
    const names = await usernames(TENANT_LEDGER, waterAdmin, 'pageSize=200');
    expect(names.some((name) => name.startsWith('energy.'))).toBe(false);
    for (const username of ['energy.admin', 'energy.staff']) {
      const id = await accountIdOf(username);
      const res = await app.server.inject({
        method: 'GET',
        url: `${TENANT_LEDGER}/${id}`,
        headers: waterAdmin,
      });
      expect(res.statusCode).toBe(404);
    }
    // Nor the platform's register.
    const platform = await app.server.inject({ method: 'GET', url: PLATFORM_LEDGER, headers: waterAdmin });
    expect(platform.statusCode).toBe(403);
  });

  it("the platform's register shows every tenant's members, by tenant", async () => {
    const { items, total } = await list(PLATFORM_LEDGER, platformAdmin, 'sort=username&pageSize=200');
    expect(total).toBeGreaterThanOrEqual(6);
    expect(items.find((row) => row.username === 'energy.staff')).toMatchObject({
      tenantId: 't-energy',
      tenantName: expect.any(String),
    });
    const waterOnly = await list(PLATFORM_LEDGER, platformAdmin, `tenant=${encodeURIComponent('水务')}`);
    expect(waterOnly.total).toBe(4);
    const one = waterOnly.items[0]!;
    const read = await app.server.inject({
      method: 'GET',
      url: `${PLATFORM_LEDGER}/${encodeURIComponent(one.id)}`,
      headers: platformAdmin,
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().Response.username).toBe(one.username);
  });

  it('exports what the list shows, under the same scope and filters', async () => {
    const file = await app.server.inject({
      method: 'GET',
      url: `${TENANT_LEDGER}/export?highlights=expiring`,
      headers: waterAdmin,
    });
    expect(file.statusCode, file.body).toBe(200);
    const rows = await rowsOfWorkbook(file.rawPayload);
    expect(rows[0]).toContain('账号');
    expect(rows[0]).toContain('最近登录地址');
    expect(rows.slice(1).map((row) => row[0])).toEqual(['ul.hotline']);
    const service = bearer(await tokenFor(app, infra.db, 'ul.service', 't-water'));
    // The department viewer holds no export code.
    const refused = await app.server.inject({
      method: 'GET',
      url: `${TENANT_LEDGER}/export`,
      headers: service,
    });
    expect(refused.statusCode).toBe(403);
  });
});
