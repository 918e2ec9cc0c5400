import type { TenantCreate } from '@uniwim/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_ADMIN_ROLE } from '../../src/modules/tenants/admin-resource';
import { createTenantsInBulk } from '../../src/modules/tenants/bulk-create';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe.each(testBackends())('a new tenant is provisioned on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra, {});
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const query = <T>(statement: ReturnType<typeof sql>) =>
    infra.db.asPlatform(async (tx) => rowsOf<T>(await tx.execute(statement)));

  /**
   * What a tenant was given: its departments, its members' places, its copies, its look, and (issue
   * 25) its packages, the applications it may use and what its administrator role holds.
   */
  const provisioned = async (tenantId: string) => ({
    departments: await query<{
      id: string;
      name: string;
      path: string;
      depth: number;
      parent_id: string | null;
    }>(sql`SELECT id, name, path, depth, parent_id FROM departments WHERE tenant_id = ${tenantId}`),
    members: await query<{ department_id: string; source: string }>(
      sql`SELECT department_id, source FROM tenant_memberships WHERE tenant_id = ${tenantId}`,
    ),
    // Inherited, not copied (issue 14): a tenant keeps only its own dictionaries, changes and values.
    dictionaries: await query<{ n: number }>(
      sql`SELECT (SELECT count(*) FROM tenant_dictionary_types WHERE tenant_id = ${tenantId})
               + (SELECT count(*) FROM tenant_dictionary_items WHERE tenant_id = ${tenantId})
               + (SELECT count(*) FROM tenant_dictionary_overrides WHERE tenant_id = ${tenantId}) AS n`,
    ).then(([row]) => Number(row?.n)),
    params: await query<{ n: number }>(
      sql`SELECT count(*) AS n FROM tenant_parameter_values WHERE tenant_id = ${tenantId}`,
    ).then(([row]) => Number(row?.n)),
    looks: await query<{ config: unknown }>(
      sql`SELECT config FROM tenant_login_configs WHERE tenant_id = ${tenantId}`,
    ),
    packages: await query<{ name: string; starts_on: string; ends_on: string | null }>(
      sql`SELECT p.name, tp.starts_on::text AS starts_on, tp.ends_on::text AS ends_on
          FROM tenant_packages tp JOIN packages p ON p.id = tp.package_id
          WHERE tp.tenant_id = ${tenantId} ORDER BY p.name`,
    ).then((rows) => rows.map((row) => row.name)),
    applications: await query<{ application_id: string }>(
      sql`SELECT application_id FROM tenant_applications WHERE tenant_id = ${tenantId} ORDER BY 1`,
    ).then((rows) => rows.map((row) => row.application_id)),
    adminGrants: await query<{ menu_id: string }>(
      sql`SELECT g.menu_id FROM role_menu_grants g JOIN roles r ON r.tenant_id = g.tenant_id AND r.id = g.role_id
          WHERE g.tenant_id = ${tenantId} AND r.is_admin ORDER BY 1`,
    ).then((rows) => rows.map((row) => row.menu_id)),
  });

  /** The demo seed's default package (基础版: the workbench's home and SaaS workbench). */
  const BASIC = { packages: ['基础版'], applications: ['app-workbench'], adminGrants: ['m-home', 'm-saas'] };
  const NOTHING = { packages: [], applications: [], adminGrants: [] };

  it('creates the root department named after the company and places the administrator in it', async () => {
    const admin = bearer(await tokenFor(app, infra.db, 'admin', null));
    const res = await app.server.inject({
      method: 'POST',
      url: '/dmp/admin/tenants',
      headers: admin,
      payload: { code: 'prov', name: '供给水务有限公司', admin: { mobile: '13711110001' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const given = await provisioned('t-prov');
    expect(given.departments).toEqual([
      { id: 'd-t-prov', name: '供给水务有限公司', path: 'd-t-prov/', depth: 1, parent_id: null },
    ]);
    expect(given.members).toEqual([{ department_id: 'd-t-prov', source: 'admin' }]);

    expect(given.dictionaries).toBe(0);
    expect(given.params).toBe(0);
    // The look is the platform's, inherited field by field: the starting override holds no field.
    expect(given.looks).toEqual([{ config: {} }]);
    // Issue 25: its creator named no package, so it holds the platform's default one.
    expect(given).toMatchObject(BASIC);
  });

  it("gives a new tenant's administrator a home and the admin console from the default package (issue 25)", async () => {
    const platform = bearer(await tokenFor(app, infra.db, 'admin', null));
    const created = await app.server.inject({
      method: 'POST',
      url: '/dmp/admin/tenants',
      headers: platform,
      payload: {
        code: 'fresh',
        name: '新开水务有限公司',
        admin: { mobile: '13711110101', username: 'fresh.admin' },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().Response.packages).toEqual([
      expect.objectContaining({ name: '基础版', endsOn: null, seatLimit: null, current: true }),
    ]);
    const admin = bearer(await tokenFor(app, infra.db, 'fresh.admin', 't-fresh'));
    const tree = await app.server.inject({ method: 'GET', url: '/ump/menu/userMenuTree', headers: admin });
    expect(tree.statusCode, tree.body).toBe(200);
    const links = JSON.stringify(tree.json().Response);
    expect(links).toContain('/homepage');
    expect(links).toContain('/saasWorkbench');
    const user = await app.server.inject({ method: 'GET', url: '/ump/currUserInfo', headers: admin });
    expect(user.json().Response).toMatchObject({ isAdmin: true, tenantId: 't-fresh' });
  });

  it('gives the packages its creator named instead, and none when the creator chose none', async () => {
    const platform = bearer(await tokenFor(app, infra.db, 'admin', null));
    const [standard] = await query<{ id: string }>(sql`SELECT id FROM packages WHERE name = '标准版'`);
    const create = (code: string, mobile: string, packages: object[]) =>
      app.server.inject({
        method: 'POST',
        url: '/dmp/admin/tenants',
        headers: platform,
        payload: { code, name: `${code}公司`, admin: { mobile }, packages },
      });
    expect((await create('chosen', '13711110102', [{ packageId: standard!.id }])).statusCode).toBe(200);
    const chosen = await provisioned('t-chosen');
    expect(chosen.packages).toEqual(['标准版']);
    expect(chosen.applications).toEqual(['app-devices', 'app-knowledge', 'app-workbench']);
    expect(chosen.adminGrants).toContain('m-device-list');

    expect((await create('empty', '13711110103', [])).statusCode).toBe(200);
    expect(await provisioned('t-empty')).toMatchObject(NOTHING);
  });

  it('gives no package when the platform marks none as the default', async () => {
    await infra.db.asPlatform((tx) => tx.execute(sql`UPDATE packages SET is_default = false`));
    try {
      const platform = bearer(await tokenFor(app, infra.db, 'admin', null));
      const res = await app.server.inject({
        method: 'POST',
        url: '/dmp/admin/tenants',
        headers: platform,
        payload: { code: 'nodefault', name: '无默认公司', admin: { mobile: '13711110104' } },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await provisioned('t-nodefault')).toMatchObject(NOTHING);
    } finally {
      await infra.db.asPlatform((tx) =>
        tx.execute(sql`UPDATE packages SET is_default = true WHERE name = '基础版'`),
      );
    }
  });

  it("inherits the platform's dictionaries and parameters as they are now, and keeps only its own values", async () => {
    const platform = bearer(await tokenFor(app, infra.db, 'admin', null));
    const inTenant = bearer(await tokenFor(app, infra.db, 'admin', 't-prov'));
    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, headers: object, payload?: object) => {
      const res = await app.server.inject({ method, url, headers: headers as never, payload });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().Response;
    };
    const deviceTypes = async () =>
      (
        await app.services.dictionaries.valuesByCode({ tenantId: 't-prov' }, ['device_type'])
      ).device_type?.map((item) => item.value);
    const pageSize = () => app.services.parameters.get({ tenantId: 't-prov' }, 'defaultPageSize');

    expect(await deviceTypes()).toEqual(['pump', 'valve', 'meter', 'sensor']);
    const [type] = (await call('GET', '/dmp/admin/dictionaries?code=device_type', platform)).items;
    await call('POST', '/dmp/admin/dictionary-items', platform, {
      typeId: type.id,
      value: 'gate',
      label: '闸门',
      sort: 5,
    });
    expect(await deviceTypes()).toEqual(['pump', 'valve', 'meter', 'sensor', 'gate']);

    const [parameter] = (await call('GET', '/dmp/admin/parameters?key=defaultPageSize', platform)).items;
    await call('PUT', `/dmp/admin/parameters/${parameter.id}`, platform, {
      value: '50',
      version: parameter.version,
    });
    expect(await pageSize()).toEqual({ defaultPageSize: '50' });
    // The tenant's own value wins from then on, and the page says where the value comes from.
    const saved = await call('PUT', `/ump/admin/parameters/${parameter.id}`, inTenant, {
      value: '30',
      version: 0,
    });
    expect(saved).toMatchObject({ value: '30', defaultValue: '50', source: 'tenant' });
    expect(await pageSize()).toEqual({ defaultPageSize: '30' });
    expect((await provisioned('t-prov')).params).toBe(1);
  });

  it('an import of many tenants provisions each of them the same way', async () => {
    const inputs: TenantCreate[] = [1, 2, 3].map((n) => ({
      code: `bulkprov${n}`,
      name: `批量租户${n}`,
      admin: { mobile: `1371111100${n + 1}` },
    })) as TenantCreate[];
    const outcomes = await infra.db.asPlatform((tx) => createTenantsInBulk(tx, inputs, TENANT_ADMIN_ROLE));
    expect(outcomes.every((outcome) => 'row' in outcome)).toBe(true);
    for (const n of [1, 2, 3]) {
      const given = await provisioned(`t-bulkprov${n}`);
      expect(given.departments).toEqual([
        {
          id: `d-t-bulkprov${n}`,
          name: `批量租户${n}`,
          path: `d-t-bulkprov${n}/`,
          depth: 1,
          parent_id: null,
        },
      ]);
      expect(given.members).toEqual([{ department_id: `d-t-bulkprov${n}`, source: 'admin' }]);
      expect(given.dictionaries).toBe(0);
      expect(given.looks).toEqual([{ config: {} }]);
      expect(given).toMatchObject(BASIC);
    }
  });

  it('a refused create leaves no department, copy or look behind', async () => {
    const admin = bearer(await tokenFor(app, infra.db, 'admin', null));
    // The administrator's account name is taken: refused after the tenant and its root were written.
    const res = await app.server.inject({
      method: 'POST',
      url: '/dmp/admin/tenants',
      headers: admin,
      payload: { code: 'half', name: '半途公司', admin: { mobile: '13711119999', username: 'water.admin' } },
    });
    expect(res.statusCode).toBe(409);
    const given = await provisioned('t-half');
    expect(given).toEqual({
      departments: [],
      members: [],
      dictionaries: 0,
      params: 0,
      looks: [],
      ...NOTHING,
    });
  });
});
