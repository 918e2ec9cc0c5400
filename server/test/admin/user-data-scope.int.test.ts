import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { accountIdOf, bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

const BASE = '/ump/admin/users';
const ROOT = 'd-t-water';
const OPS = 'd-t-water-ops';
const SERVICE = 'd-t-water-service';
const HOTLINE = 'd-t-water-hotline';

/**
 * The five data scopes on the user list, export and detail, on a 3-level tree:
 * root > ops > ops-a, root > service > hotline; the viewer sits in ops.
 */
describe.each(testBackends())('data scope of the user list on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let water: Record<string, string>;
  let viewer: Record<string, string>;
  let viewerId: string;
  let opsA: string;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    water = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = water) =>
    app.server.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const exec = (query: ReturnType<typeof sql>) => infra.db.asPlatform((tx) => tx.execute(query));
  const seen = async () => {
    const res = await call('GET', `${BASE}?pageSize=200`, undefined, viewer);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().Response.items as { username: string }[]).map((row) => row.username).sort();
  };
  const scope = (dataScope: string) =>
    exec(sql`UPDATE roles SET data_scope = ${dataScope} WHERE tenant_id = 't-water' AND id = 'r-scope'`);
  const idOf = (username: string) => accountIdOf(infra.db, username);

  it('builds the tree and the members', async () => {
    const dept = await call('POST', '/ump/admin/departments', { parentId: OPS, name: '运营一组' });
    expect(dept.statusCode, dept.body).toBe(200);
    opsA = dept.json().Response.id;
    for (const [username, departmentId] of [
      ['u.root', ROOT],
      ['u.ops', OPS],
      ['u.opsa', opsA],
      ['u.svc', SERVICE],
      ['u.hot', HOTLINE],
      ['u.viewer', OPS],
    ] as const) {
      const res = await call('POST', BASE, { username, name: username, departmentId });
      expect(res.statusCode, res.body).toBe(200);
    }
    viewerId = await idOf('u.viewer');
    await exec(sql`INSERT INTO roles (tenant_id, id, code, name, permissions, data_scope)
      VALUES ('t-water', 'r-scope', 'scope', '范围', '{user:list,user:update,user:export}'::text[], 'all')`);
    await exec(
      sql`INSERT INTO role_departments (tenant_id, role_id, department_id) VALUES ('t-water', 'r-scope', ${SERVICE})`,
    );
    await exec(
      sql`INSERT INTO membership_roles (tenant_id, account_id, role_id) VALUES ('t-water', ${viewerId}, 'r-scope')`,
    );
    viewer = bearer(await tokenFor(app, infra.db, 'u.viewer', 't-water'));
  });

  it('all: every member', async () => {
    await scope('all');
    expect(await seen()).toEqual(
      ['u.hot', 'u.ops', 'u.opsa', 'u.root', 'u.svc', 'u.viewer', 'water.admin', 'water.op'].sort(),
    );
  });

  it('custom: the chosen departments (exactly), and the viewer', async () => {
    await scope('custom');
    expect(await seen()).toEqual(['u.svc', 'u.viewer']);
  });

  it('department: the own department only', async () => {
    await scope('department');
    expect(await seen()).toEqual(['u.ops', 'u.viewer', 'water.op']);
  });

  it('department and below: the own subtree', async () => {
    await scope('department_and_below');
    expect(await seen()).toEqual(['u.ops', 'u.opsa', 'u.viewer', 'water.op']);
  });

  it('self: only the viewer', async () => {
    await scope('self');
    expect(await seen()).toEqual(['u.viewer']);
  });

  it('a record outside the scope is not found to that viewer, for reading and for writing; exports follow the scope', async () => {
    await scope('department');
    const outside = await idOf('u.svc');
    const inside = await idOf('u.ops');
    expect((await call('GET', `${BASE}/${inside}`, undefined, viewer)).statusCode).toBe(200);
    expect((await call('GET', `${BASE}/${outside}`, undefined, viewer)).statusCode).toBe(404);
    const write = await call('PUT', `${BASE}/${outside}`, { expiresAt: null, version: 0 }, viewer);
    expect(write.statusCode).toBe(404);
    // Nor may a write place a member out of the viewer's sight.
    const { version } = (await call('GET', `${BASE}/${inside}`, undefined, viewer)).json().Response;
    const away = await call('PUT', `${BASE}/${inside}`, { departmentId: SERVICE, version }, viewer);
    expect(away.statusCode).toBe(403);
    expect((await call('GET', `${BASE}/${inside}`)).json().Response.departmentId).toBe(OPS);

    const exported = await call('GET', `${BASE}/export`, undefined, viewer);
    expect(exported.statusCode, exported.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const names: string[] = [];
    workbook.worksheets[0]!.eachRow((row, n) => {
      if (n > 1) names.push(String((row.values as unknown[])[1]));
    });
    expect(names.sort()).toEqual(['u.ops', 'u.viewer', 'water.op']);
  });

  it('a viewer without a department and a "below" scope still works: their own record', async () => {
    await scope('department_and_below');
    await exec(
      sql`UPDATE tenant_memberships SET department_id = NULL WHERE tenant_id = 't-water' AND account_id = ${viewerId}`,
    );
    expect(await seen()).toEqual(['u.viewer']);
  });
});
