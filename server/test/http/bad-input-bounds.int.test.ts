import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 24: input a property-based fuzzer drew from the OpenAPI document's own schemas, which the
 * schemas accepted and the code behind them could not hold (each answered 500). Each is now refused
 * by its schema with a 400 naming the field, or, for an empty filter, read as the filter not given.
 */
describe.each(testBackends())('input at the edges of its schema on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let platform: Record<string, string>;
  let water: Record<string, string>;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    platform = bearer(await tokenFor(app, infra.db, 'admin', null));
    water = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => app.server.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

  /** A 400 whose details name the field, as the validation of every route answers it. */
  const expectRefusedFor = (res: Awaited<ReturnType<typeof call>>, field: string) => {
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json() as { Error: string; Message: string; Details?: { path: string }[] };
    expect(body.Error).toBe('BAD_REQUEST');
    expect(body.Details?.map((detail) => detail.path)).toContain(field);
    expect(body.Message).toContain(field);
  };

  it('reads an empty list filter as the filter not given, for every kind of filter and in exports', async () => {
    for (const [base, headers] of [
      ['/dmp/admin/user-ledger', platform],
      ['/ump/admin/user-ledger', water],
    ] as const) {
      const all = await call('GET', `${base}?pageSize=200`, headers);
      expect(all.statusCode, all.body).toBe(200);
      const total = all.json().Response.total as number;
      expect(total).toBeGreaterThan(0);
      // equals (status, which the ledger reads from the account), boolean, dateRange, contains.
      for (const empty of [
        'status=',
        'twoFactorEnabled=',
        'lastSignInAtFrom=&lastSignInAtTo=',
        'username=',
      ]) {
        const res = await call('GET', `${base}?pageSize=200&${empty}`, headers);
        expect(res.statusCode, `${base}?${empty}: ${res.body}`).toBe(200);
        expect(res.json().Response.total, `${base}?${empty}`).toBe(total);
      }
      const exported = await call('GET', `${base}/export?status=`, headers);
      expect(exported.statusCode, exported.body).toBeLessThan(300);
    }
    // The same on another resource's list: one rule for all.
    const tenants = await call('GET', '/dmp/admin/tenants?status=', platform);
    expect(tenants.statusCode, tenants.body).toBe(200);
  });

  it('refuses a version or a rollback target beyond PostgreSQL’s integer, naming the field', async () => {
    expectRefusedFor(
      await call('POST', '/dmp/admin/platform-settings/rollback', platform, {
        toVersion: 2 ** 31,
        version: 0,
      }),
      'body.toVersion',
    );
    expectRefusedFor(
      await call('POST', '/ump/admin/tenant-settings/rollback', water, { toVersion: 2 ** 31, version: 0 }),
      'body.toVersion',
    );
    expectRefusedFor(
      await call('POST', '/dmp/admin/platform-settings/rollback', platform, {
        toVersion: 1,
        version: 2 ** 31,
      }),
      'body.version',
    );
    // Every update's `version` (optimistic locking) is bounded the same way.
    expectRefusedFor(
      await call('PUT', '/ump/admin/departments/d-t-water-ops', water, { name: '运维部', version: 2 ** 31 }),
      'body.version',
    );
    // The largest integer is still a version that merely does not exist.
    const largest = await call('POST', '/dmp/admin/platform-settings/rollback', platform, {
      toVersion: 2 ** 31 - 1,
      version: 0,
    });
    expect(largest.statusCode, largest.body).toBeGreaterThanOrEqual(400);
    expect(largest.statusCode, largest.body).toBeLessThan(500);
  });

  it('refuses statistics days that do not exist or that PostgreSQL cannot hold, in both scopes', async () => {
    for (const [scope, headers] of [
      ['dmp', platform],
      ['ump', water],
    ] as const) {
      for (const page of ['login', 'visits']) {
        for (const day of ['2026-00-10', '0000-01-01', '0001-01-01', '2026-02-30', '9999-99-99']) {
          expectRefusedFor(
            await call('GET', `/${scope}/admin/statistics/${page}?to=${day}`, headers),
            'querystring.to',
          );
        }
        expectRefusedFor(
          await call('GET', `/${scope}/admin/statistics/${page}?from=2026-13-01`, headers),
          'querystring.from',
        );
        const lastDay = await call('GET', `/${scope}/admin/statistics/${page}?to=9999-12-31`, headers);
        expect(lastDay.statusCode, lastDay.body).toBe(200);
      }
    }
  });

  it('refuses list date filters before 1970 or past 9999, and takes 9999-12-31 as a whole day', async () => {
    for (const value of ['0000-01-01', '0000-01-01T00:00:00Z', '9999-12-31T23:59:59-23:59']) {
      expectRefusedFor(
        await call('GET', `/dmp/admin/user-ledger?createdAtFrom=${encodeURIComponent(value)}`, platform),
        'querystring.createdAtFrom',
      );
    }
    const res = await call(
      'GET',
      '/dmp/admin/user-ledger?createdAtFrom=1970-01-01&createdAtTo=9999-12-31',
      platform,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Response.total).toBeGreaterThan(0);
  });

  it('refuses a version number whose numbers pass the pattern but no safe integer', async () => {
    const applications = await call('GET', '/dmp/admin/applications?pageSize=1', platform);
    const applicationId = applications.json().Response.items[0].id as string;
    const huge = '99999999999999999999.0.0';
    expectRefusedFor(
      await call('POST', '/dmp/admin/versions', platform, {
        applicationId,
        versionNumber: '1.0.0',
        minSupportedVersion: huge,
      }),
      'body.minSupportedVersion',
    );
    expectRefusedFor(
      await call('POST', '/dmp/admin/versions', platform, {
        applicationId,
        versionNumber: huge,
        minSupportedVersion: '1.0.0',
      }),
      'body.versionNumber',
    );
    expectRefusedFor(
      await call('POST', '/dmp/admin/versions', platform, { applicationId, versionNumber: `0.${huge}` }),
      'body.versionNumber',
    );
  });
});
