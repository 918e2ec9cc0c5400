import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

type Headers = Record<string, string>;

/**
 * Issue 14: POST /ump/dictionary/getValueByCode answers from a cache that every instance drops on a
 * change. Two instances share the database and the pub/sub (Redis with PostgreSQL; the in-memory
 * one with PGlite, which one process embeds); a change made on B shows on A, whose answer was cached.
 */
describe.each(testBackends())('the dictionary cache of two instances sharing $name', (backend) => {
  let infra: TestInfrastructure;
  let close: () => Promise<void>;
  let a: TestApp;
  let b: TestApp;
  let waterOnA: Headers;
  let energyOnA: Headers;
  let waterAdminOnB: Headers;
  let platformOnB: Headers;

  beforeAll(async () => {
    infra = await backend.open();
    if (backend.name === 'pglite+memory') {
      a = await startTestApp(infra);
      b = await startTestApp(infra);
      close = async () => undefined;
    } else {
      const sibling = await infra.openSibling();
      a = await startTestApp(infra);
      b = await startTestApp(sibling);
      close = () => sibling.close();
    }
    waterOnA = bearer(await tokenFor(a, infra.db, 'water.op', 't-water'));
    energyOnA = bearer(await tokenFor(a, infra.db, 'energy.staff', 't-energy'));
    waterAdminOnB = bearer(await tokenFor(b, infra.db, 'water.admin', 't-water'));
    platformOnB = bearer(await tokenFor(b, infra.db, 'admin', null));
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await close?.();
    await infra?.close();
  });

  const labelsOnA = async (headers: Headers) => {
    const res = await a.server.inject({
      method: 'POST',
      url: '/ump/dictionary/getValueByCode',
      headers,
      payload: { codes: ['device_type'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().Response.device_type as { name: string }[]).map((item) => item.name);
  };
  const onB = async (method: 'GET' | 'PUT', url: string, headers: Headers, payload?: object) => {
    const res = await b.server.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Response;
  };
  const eventually = (read: () => Promise<string[]>, expected: string[]) =>
    expect.poll(read, { timeout: 1_000, interval: 10 }).toEqual(expected);

  it("serves A's cached answer until B announces a tenant's change, then the new one within a second", async () => {
    expect(await labelsOnA(waterOnA)).toEqual(['水泵', '阀门', '流量计', '消防栓']);
    // A write that announces nothing (straight to the database) is not seen: A answers from its cache.
    await infra.db.asPlatform((tx) =>
      tx.execute(sql`UPDATE platform_dictionary_items SET label = '离心水泵' WHERE value = 'pump'`),
    );
    expect(await labelsOnA(waterOnA)).toEqual(['水泵', '阀门', '流量计', '消防栓']);

    // Water's administrator changes an item on B: A drops water's answers.
    const type = (await onB('GET', '/ump/admin/dictionaries?code=device_type', waterAdminOnB)).items[0];
    const items = await onB(
      'GET',
      `/ump/admin/dictionary-items?typeId=${type.id}&value=valve`,
      waterAdminOnB,
    );
    const valve = items.items[0];
    await onB('PUT', `/ump/admin/dictionary-items/${valve.id}`, waterAdminOnB, {
      label: '闸阀',
      version: valve.version,
    });
    await eventually(() => labelsOnA(waterOnA), ['离心水泵', '闸阀', '流量计', '消防栓']);
  });

  it("drops every tenant's answers on A when the platform's dictionary changes on B", async () => {
    const energyBefore = await labelsOnA(energyOnA);
    expect(energyBefore).toEqual(['离心水泵', '阀门', '流量计', '传感器']);
    await labelsOnA(waterOnA);
    const type = (await onB('GET', '/dmp/admin/dictionaries?code=device_type', platformOnB)).items[0];
    const meter = (await onB('GET', `/dmp/admin/dictionary-items?typeId=${type.id}&value=meter`, platformOnB))
      .items[0];
    await onB('PUT', `/dmp/admin/dictionary-items/${meter.id}`, platformOnB, {
      label: '电磁流量计',
      version: meter.version,
    });
    await eventually(() => labelsOnA(energyOnA), ['离心水泵', '阀门', '电磁流量计', '传感器']);
    await eventually(() => labelsOnA(waterOnA), ['离心水泵', '闸阀', '电磁流量计', '消防栓']);
  });
});
