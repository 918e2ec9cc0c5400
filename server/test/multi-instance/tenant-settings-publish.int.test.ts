import { decodeLoginConfig } from '@uniwim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

const siblingBackends = testBackends().filter((b) => b.name !== 'pglite+memory');
const BASE = '/ump/admin/tenant-settings';

describe.each(siblingBackends)(
  'tenant settings published on one of two instances sharing $name',
  (backend) => {
    let infra: TestInfrastructure;
    let sibling: Awaited<ReturnType<TestInfrastructure['openSibling']>>;
    let a: TestApp;
    let b: TestApp;

    beforeAll(async () => {
      infra = await backend.open();
      sibling = await infra.openSibling();
      a = await startTestApp(infra);
      b = await startTestApp(sibling);
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await sibling?.close();
      await infra?.close();
    });

    const lookOn = async (app: TestApp) =>
      decodeLoginConfig(
        (await app.server.inject({ method: 'GET', url: '/ump/cfg-encrypt?tenant=water' })).json().Response,
      );

    it('serves the published look on the other instance at once', async () => {
      // Cached on A before the change.
      const before = await lookOn(a);
      const admin = bearer(await tokenFor(b, sibling.db, 'water.admin', 't-water'));
      const current = (await b.server.inject({ method: 'GET', url: BASE, headers: admin })).json().Response;
      const started = Date.now();
      const saved = await b.server.inject({
        method: 'PUT',
        url: BASE,
        headers: admin,
        payload: {
          version: current.version,
          signInLook: {
            ...current.settings.signInLook,
            title: `${before.title} 新版`,
            loginAccountType: '1-3,1-1',
          },
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      // The change is announced before the save answers; delivery to A takes milliseconds.
      await expect
        .poll(async () => (await lookOn(a)).title, { timeout: 1000, interval: 10 })
        .toBe(`${before.title} 新版`);
      expect((await lookOn(a)).loginAccountType).toBe('1-3,1-1');
      expect(Date.now() - started).toBeLessThan(1000);
    });

    it('holds a policy change on the other instance at once (a sign-in there sees it)', async () => {
      const admin = bearer(await tokenFor(b, sibling.db, 'water.admin', 't-water'));
      const current = (await b.server.inject({ method: 'GET', url: BASE, headers: admin })).json().Response;
      expect(await a.services.tenantSettings.privatePolicy('t-water')).toMatchObject({ ipAllowList: [] });
      const saved = await b.server.inject({
        method: 'PUT',
        url: BASE,
        headers: admin,
        payload: {
          version: current.version,
          security: { ...current.settings.security, ipAllowList: ['10.1.0.0/16'] },
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      await expect
        .poll(async () => (await a.services.tenantSettings.privatePolicy('t-water')).ipAllowList, {
          timeout: 1000,
          interval: 10,
        })
        .toEqual(['10.1.0.0/16']);
    });
  },
);
