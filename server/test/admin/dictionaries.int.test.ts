import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Issue 14, /umpDict: the platform's dictionaries are inherited by every tenant; a platform item is
 * changed by a tenant for itself unless locked, and a tenant adds items only to an extendable type.
 */
describe.each(testBackends())('dictionaries on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let platform: Headers;
  let water: Headers;
  let energy: Headers;
  let waterMember: Headers;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    platform = bearer(await tokenFor(app, infra.db, 'admin', null));
    water = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    energy = bearer(await tokenFor(app, infra.db, 'energy.admin', 't-energy'));
    waterMember = bearer(await tokenFor(app, infra.db, 'water.op', 't-water'));
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  // An action without a body is sent as the page sends it: an empty object.
  const call = (method: Method, url: string, headers: Headers, payload?: object) =>
    app.server.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? (method === 'POST' ? { payload: {} } : {}) : { payload }),
    });
  const ok = async (method: Method, url: string, headers: Headers, payload?: object) => {
    const res = await call(method, url, headers, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json().Response;
  };
  const refused = async (
    method: Method,
    url: string,
    headers: Headers,
    payload: object | undefined,
    status: number,
  ) => {
    const res = await call(method, url, headers, payload);
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as { Error: string; Message: string; Details?: { path: string; message: string }[] };
  };
  /** What a member's drop-down offers: getValueByCode, as the shell calls it. */
  const values = async (headers: Headers, code: string) =>
    (
      (await ok('POST', '/ump/dictionary/getValueByCode', headers, { codes: [code] }))[code] as {
        value: string;
        name: string;
      }[]
    ).map((item) => `${item.value}:${item.name}`);
  const createType = (body: object) => ok('POST', '/dmp/admin/dictionaries', platform, body);
  const createItem = (body: object) => ok('POST', '/dmp/admin/dictionary-items', platform, body);
  const tenantItem = async (headers: Headers, typeId: string, value: string) => {
    const page = await ok('GET', `/ump/admin/dictionary-items?typeId=${typeId}&pageSize=200`, headers);
    return (page.items as { id: string; value: string; version: number }[]).find(
      (item) => item.value === value,
    )!;
  };

  it('refuses a code that is not lower case, or taken, with the field named', async () => {
    const bad = await refused(
      'POST',
      '/dmp/admin/dictionaries',
      platform,
      { code: 'PumpKind', name: '泵型' },
      400,
    );
    expect(JSON.stringify(bad)).toContain('字典编码须以小写字母开头，只含小写字母、数字和下划线');
    const taken = await refused(
      'POST',
      '/dmp/admin/dictionaries',
      platform,
      { code: 'device_type', name: '重复' },
      409,
    );
    expect(taken.Details).toEqual([{ path: 'body.code', message: '字典编码已存在' }]);
  });

  it('gives every tenant a platform type and its items as they are now', async () => {
    const type = await createType({ code: 'pump_kind', name: '泵型', nameEn: 'Pump kind' });
    await createItem({ typeId: type.id, value: 'axial', label: '轴流泵', sort: 2 });
    await createItem({ typeId: type.id, value: 'centrifugal', label: '离心泵', sort: 1 });
    expect(await values(waterMember, 'pump_kind')).toEqual(['centrifugal:离心泵', 'axial:轴流泵']);
    expect(await values(energy, 'pump_kind')).toEqual(['centrifugal:离心泵', 'axial:轴流泵']);
    // The tenant's page shows it as the platform's, beside its own types.
    const listed = await ok('GET', '/ump/admin/dictionaries?source=platform&code=pump', water);
    expect(listed.items).toMatchObject([
      { id: type.id, code: 'pump_kind', source: 'platform', itemCount: 2 },
    ]);
    // A disabled item cannot be chosen; a disabled type offers nothing.
    const axial = (await ok('GET', `/dmp/admin/dictionary-items?typeId=${type.id}&value=axial`, platform))
      .items[0];
    await ok('POST', `/dmp/admin/dictionary-items/${axial.id}/disable`, platform);
    expect(await values(water, 'pump_kind')).toEqual(['centrifugal:离心泵']);
    await ok('POST', `/dmp/admin/dictionaries/${type.id}/disable`, platform);
    expect(await values(water, 'pump_kind')).toEqual([]);
    await ok('POST', `/dmp/admin/dictionaries/${type.id}/enable`, platform);
  });

  it("lets a tenant change an item for itself, and a lock wins over the tenant's change", async () => {
    const type = await createType({ code: 'valve_state', name: '阀门状态' });
    await createItem({ typeId: type.id, value: 'open', label: '开', sort: 1, color: 'green' });
    const pump = await tenantItem(water, type.id, 'open');
    expect(pump).toMatchObject({ source: 'platform', locked: false, overridden: false, version: 0 });

    const changed = await ok('PUT', `/ump/admin/dictionary-items/${pump.id}`, water, {
      label: '全开',
      color: 'green',
      version: 0,
    });
    expect(changed).toMatchObject({ label: '全开', color: 'green', overridden: true, version: 1 });
    expect(await values(water, 'valve_state')).toEqual(['open:全开']);
    expect(await values(energy, 'valve_state')).toEqual(['open:开']);
    // Only the changed field is the tenant's: the platform's later colour still reaches it.
    const platformItem = (await ok('GET', `/dmp/admin/dictionary-items?typeId=${type.id}`, platform))
      .items[0];
    expect(platformItem.overrideCount).toBe(1);
    const recoloured = await ok('PUT', `/dmp/admin/dictionary-items/${platformItem.id}`, platform, {
      color: 'red',
      version: platformItem.version,
    });
    expect((await tenantItem(water, type.id, 'open')) as object).toMatchObject({
      label: '全开',
      color: 'red',
    });
    // A stale version is refused, not overwritten.
    const stale = await refused(
      'PUT',
      `/ump/admin/dictionary-items/${pump.id}`,
      water,
      { label: '大开', version: 0 },
      409,
    );
    expect(stale.Error).toBe('VERSION_CONFLICT');

    // Locked: the platform's item is what every tenant sees, and the tenant cannot change it.
    await ok('PUT', `/dmp/admin/dictionary-items/${platformItem.id}`, platform, {
      locked: true,
      version: recoloured.version,
    });
    expect(await values(water, 'valve_state')).toEqual(['open:开']);
    const locked = await tenantItem(water, type.id, 'open');
    expect(locked).toMatchObject({ locked: true, overridden: false });
    for (const [method, url, body] of [
      ['PUT', `/ump/admin/dictionary-items/${pump.id}`, { label: '关', version: locked.version }],
      ['POST', `/ump/admin/dictionary-items/${pump.id}/disable`, {}],
    ] as const) {
      expect((await refused(method, url, water, body, 422)).Error).toBe('DICTIONARY_ITEM_LOCKED');
    }
    // The seeded device statuses are locked too.
    const status = (await ok('GET', '/ump/admin/dictionaries?code=device_status', water)).items[0];
    const online = await tenantItem(water, status.id, 'online');
    expect(
      (
        await refused(
          'PUT',
          `/ump/admin/dictionary-items/${online.id}`,
          water,
          { label: 'x', version: 0 },
          422,
        )
      ).Message,
    ).toBe('平台已锁定该字典数据，租户不能修改');

    // Unlocked again, the tenant's change is back; "back to the platform" drops it.
    const relocked = (await ok('GET', `/dmp/admin/dictionary-items/${platformItem.id}`, platform)) as {
      version: number;
    };
    await ok('PUT', `/dmp/admin/dictionary-items/${platformItem.id}`, platform, {
      locked: false,
      version: relocked.version,
    });
    expect(await values(water, 'valve_state')).toEqual(['open:全开']);
    await ok('POST', `/ump/admin/dictionary-items/${pump.id}/reset`, water);
    expect(await values(water, 'valve_state')).toEqual(['open:开']);
    expect(await tenantItem(water, type.id, 'open')).toMatchObject({ overridden: false, version: 2 });
  });

  it('lets a tenant add its own items only to an extendable type, each value once in the type', async () => {
    const type = await createType({ code: 'meter_brand', name: '表计品牌' });
    await createItem({ typeId: type.id, value: 'siemens', label: '西门子', sort: 1 });
    const notExtendable = await refused(
      'POST',
      '/ump/admin/dictionary-items',
      water,
      { typeId: type.id, value: 'local', label: '本地品牌' },
      422,
    );
    expect(notExtendable.Error).toBe('DICTIONARY_NOT_EXTENDABLE');

    const current = await ok('GET', `/dmp/admin/dictionaries/${type.id}`, platform);
    await ok('PUT', `/dmp/admin/dictionaries/${type.id}`, platform, {
      extendable: true,
      version: current.version,
    });
    const mine = await ok('POST', '/ump/admin/dictionary-items', water, {
      typeId: type.id,
      value: 'local',
      label: '本地品牌',
      sort: 2,
    });
    expect(mine).toMatchObject({ source: 'tenant', typeCode: 'meter_brand' });
    expect(await values(water, 'meter_brand')).toEqual(['siemens:西门子', 'local:本地品牌']);
    // Another tenant neither sees nor can reach it.
    expect(await values(energy, 'meter_brand')).toEqual(['siemens:西门子']);
    expect((await call('GET', `/ump/admin/dictionary-items/${mine.id}`, energy)).statusCode).toBe(404);

    // A value is unique in its type: against the platform's items, and the platform against tenants'.
    const dupe = await refused(
      'POST',
      '/ump/admin/dictionary-items',
      water,
      { typeId: type.id, value: 'siemens', label: 'x' },
      409,
    );
    expect(dupe.Details).toEqual([{ path: 'body.value', message: '平台字典已有该字典值' }]);
    const platformDupe = await refused(
      'POST',
      '/dmp/admin/dictionary-items',
      platform,
      { typeId: type.id, value: 'local', label: 'x' },
      409,
    );
    expect(platformDupe.Message).toBe('已有1个租户添加了字典值“local”');

    // A platform item cannot be deleted by a tenant, and tenants' items keep the type extendable.
    const siemens = await tenantItem(water, type.id, 'siemens');
    expect(
      (await refused('DELETE', `/ump/admin/dictionary-items/${siemens.id}`, water, undefined, 422)).Error,
    ).toBe('PLATFORM_DICTIONARY_READ_ONLY');
    const now = await ok('GET', `/dmp/admin/dictionaries/${type.id}`, platform);
    expect(now.tenantItemCount).toBe(1);
    expect(
      (
        await refused(
          'PUT',
          `/dmp/admin/dictionaries/${type.id}`,
          platform,
          { extendable: false, version: now.version },
          409,
        )
      ).Error,
    ).toBe('IN_USE');
  });

  it('refuses to delete a type that still has items, on both sides', async () => {
    const type = await createType({ code: 'to_delete', name: '待删除', extendable: true });
    const item = await createItem({ typeId: type.id, value: 'a', label: 'A' });
    const own = await ok('POST', '/ump/admin/dictionary-items', water, {
      typeId: type.id,
      value: 'b',
      label: 'B',
    });
    const inUse = await refused('DELETE', `/dmp/admin/dictionaries/${type.id}`, platform, undefined, 409);
    expect(inUse.Message).toBe('字典“待删除”下还有1条字典数据、1条租户扩展数据，不能删除');
    await ok('DELETE', `/dmp/admin/dictionary-items/${item.id}`, platform);
    await ok('DELETE', `/ump/admin/dictionary-items/${own.id}`, water);
    await ok('DELETE', `/dmp/admin/dictionaries/${type.id}`, platform);

    const mine = await ok('POST', '/ump/admin/dictionaries', water, { code: 'my_levels', name: '我的等级' });
    const level = await ok('POST', '/ump/admin/dictionary-items', water, {
      typeId: mine.id,
      value: 'high',
      label: '高',
    });
    expect(
      (await refused('DELETE', `/ump/admin/dictionaries/${mine.id}`, water, undefined, 409)).Message,
    ).toBe('字典“我的等级”下还有1条字典数据，不能删除');
    await ok('DELETE', `/ump/admin/dictionary-items/${level.id}`, water);
    await ok('DELETE', `/ump/admin/dictionaries/${mine.id}`, water);
  });

  it("keeps a tenant's own types to itself, and their codes apart from the platform's", async () => {
    const mine = await ok('POST', '/ump/admin/dictionaries', water, {
      code: 'hydrant_kind',
      name: '消火栓类型',
    });
    expect(mine).toMatchObject({ source: 'tenant', extendable: true });
    await ok('POST', '/ump/admin/dictionary-items', water, { typeId: mine.id, value: 'wall', label: '室内' });
    expect(await values(waterMember, 'hydrant_kind')).toEqual(['wall:室内']);
    expect(await values(energy, 'hydrant_kind')).toEqual([]);
    expect((await ok('GET', '/ump/admin/dictionaries?source=tenant', energy)).total).toBe(0);
    // The list's filters reach the tenant's own and the platform's types alike.
    const since = await ok('GET', '/ump/admin/dictionaries?createdAtFrom=2000-01-01&code=hydrant', water);
    expect(since.items.map((type: { code: string }) => type.code)).toEqual(['hydrant_kind']);
    expect((await ok('GET', '/ump/admin/dictionaries?createdAtTo=2000-01-01', water)).total).toBe(0);
    expect((await call('GET', `/ump/admin/dictionaries/${mine.id}`, energy)).statusCode).toBe(404);

    const clash = await refused(
      'POST',
      '/ump/admin/dictionaries',
      energy,
      { code: 'device_type', name: 'x' },
      409,
    );
    expect(clash.Details).toEqual([{ path: 'body.code', message: '平台已有该字典编码' }]);
    const taken = await refused(
      'POST',
      '/dmp/admin/dictionaries',
      platform,
      { code: 'hydrant_kind', name: 'x' },
      409,
    );
    expect(taken.Message).toBe('已有1个租户使用字典编码“hydrant_kind”');
    // The platform's types are read-only on the tenant's page.
    const deviceType = (await ok('GET', '/ump/admin/dictionaries?code=device_type', water)).items[0];
    for (const [method, url, body] of [
      ['PUT', `/ump/admin/dictionaries/${deviceType.id}`, { name: '改名', version: deviceType.version }],
      ['DELETE', `/ump/admin/dictionaries/${deviceType.id}`, undefined],
      ['POST', `/ump/admin/dictionaries/${deviceType.id}/disable`, {}],
    ] as const) {
      expect((await refused(method, url, water, body, 422)).Error).toBe('PLATFORM_DICTIONARY_READ_ONLY');
    }
  });

  it('records each change with who made it, and checks the permission codes', async () => {
    const type = (await ok('GET', '/dmp/admin/dictionaries?code=pump_kind', platform)).items[0];
    const history = await ok('GET', `/dmp/admin/dictionaries/${type.id}/history`, platform);
    expect(history.map((entry: { action: string }) => entry.action)).toEqual(['enable', 'disable', 'create']);
    // A member without dictionary codes, and a tenant administrator on the platform's pages.
    expect((await call('GET', '/ump/admin/dictionaries', waterMember)).statusCode).toBe(403);
    expect((await call('GET', '/dmp/admin/dictionaries', water)).statusCode).toBe(403);
    expect(
      (await call('POST', '/dmp/admin/dictionary-items', water, { typeId: type.id, value: 'x', label: 'x' }))
        .statusCode,
    ).toBe(403);
  });
});
