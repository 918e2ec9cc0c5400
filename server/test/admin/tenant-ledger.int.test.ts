import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../../src/db/schema';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { loginClient } from '../support/login-client';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../support/test-app';

const LEDGER = '/dmp/admin/tenant-ledger';

describe.each(testBackends())('the tenant register on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    admin = bearer(await tokenFor(app, infra.db, 'admin', null));
    const setExpiry = (id: string, expiresAt: unknown) =>
      infra.db.asPlatform((tx) =>
        tx
          .update(tenants)
          .set({ expiresAt: expiresAt as Date })
          .where(eq(tenants.id, id)),
      );
    await setExpiry('t-water', sql`now() + interval '10 days'`);
    await setExpiry('t-energy', sql`now() - interval '1 day'`);
    // A member of water signs in: water is not dormant, energy is.
    const signIn = await loginClient(app).login(
      { username: 'water.op', password: TEST_ADMIN_PASSWORD },
      { 'x-forwarded-for': '10.60.0.1' },
    );
    expect(signIn.body.Code).toBe(0);
    await app.services.loginLog.flush();
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const list = async (query = '') => {
    const res = await app.server.inject({ method: 'GET', url: `${LEDGER}?${query}`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Response as { items: Record<string, unknown>[]; total: number };
  };

  it('shows every tenant with seats, expiry, administrators, applications and last sign-in', async () => {
    const { items } = await list('sort=code');
    expect(items.map((t) => t.code)).toEqual(['energy', 'water']);
    const water = items.find((t) => t.code === 'water')!;
    expect(water).toMatchObject({
      seatsUsed: 2,
      daysLeft: 10,
      adminNames: ['王管理'],
      adminMobiles: ['13900000001'],
      highlights: ['expiring'],
    });
    expect(water.applicationCount).toBeGreaterThan(0);
    expect(water.lastSignInAt).not.toBeNull();
    const energy = items.find((t) => t.code === 'energy')!;
    expect(energy).toMatchObject({ daysLeft: -1, lastSignInAt: null, highlights: ['expired', 'dormant'] });
  });

  it('filters by highlight: expiring within 30 days, expired, dormant for 90 days', async () => {
    const codes = async (highlight: string) =>
      (await list(`highlights=${highlight}`)).items.map((t) => t.code);
    expect(await codes('expiring')).toEqual(['water']);
    expect(await codes('expired')).toEqual(['energy']);
    expect(await codes('dormant')).toEqual(['energy']);
    expect((await list('name=%E6%B0%B4')).total).toBe(1);
  });

  it('exports, and is for platform operators with the code only', async () => {
    const file = await app.server.inject({ method: 'GET', url: `${LEDGER}/export`, headers: admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const tenantAdmin = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    expect((await app.server.inject({ method: 'GET', url: LEDGER, headers: tenantAdmin })).statusCode).toBe(
      403,
    );
    expect((await app.server.inject({ method: 'GET', url: LEDGER })).statusCode).toBe(401);
    // Read-only: no writes are routed.
    expect(
      (await app.server.inject({ method: 'POST', url: LEDGER, headers: admin, payload: {} })).statusCode,
    ).toBe(404);
  });
});
