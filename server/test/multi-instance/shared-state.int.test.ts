import { decodeLoginConfig } from '@uniwim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

const siblingBackends = testBackends().filter((b) => b.name !== 'pglite+memory');

describe('the embedded backend', () => {
  it('is one instance only: a second instance needs PostgreSQL and Redis', async () => {
    const [embedded] = testBackends();
    const infra = await embedded!.open();
    try {
      await expect(infra.openSibling()).rejects.toThrow(/needs PostgreSQL and Redis/);
    } finally {
      await infra.close();
    }
  }, 60_000);
});

describe.each(siblingBackends)('two instances sharing $name', (backend) => {
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

  const titleOn = async (app: TestApp) =>
    decodeLoginConfig(
      (await app.server.inject({ method: 'GET', url: '/ump/cfg-encrypt?tenant=energy' })).json().Response,
    ).title;

  it('answer with the same RSA public key', async () => {
    const [keyA, keyB] = await Promise.all(
      [a, b].map(
        async (app) =>
          (await app.server.inject({ method: 'GET', url: '/ump/key' })).json().Response.publicKey,
      ),
    );
    expect(keyA).toBe(keyB);
  });

  it('see a configuration change made on the other instance at once', async () => {
    expect(await titleOn(a)).toBe('示范能源公司 · 能源管理平台'); // now cached on A
    const token = await tokenFor(b, sibling.db, 'energy.admin', 't-energy');
    const saved = await b.server.inject({
      method: 'POST',
      url: '/dmp/tenant/sysConfig/save',
      headers: bearer(token),
      payload: { title: '能源公司新门户' },
    });
    expect(saved.statusCode).toBe(200);
    await expect.poll(() => titleOn(a), { timeout: 2000, interval: 20 }).toBe('能源公司新门户');
  });

  it('accept a session issued by the other instance and drop it when revoked there', async () => {
    const token = await tokenFor(a, infra.db, 'water.op', 't-water');
    const onB = await b.server.inject({ method: 'GET', url: '/ump/cfg', headers: bearer(token) });
    expect(onB.statusCode).toBe(200);
    const session = await a.services.sessions.authenticate(token);
    await a.services.sessions.revoke(session!);
    await expect
      .poll(
        async () =>
          (await b.server.inject({ method: 'GET', url: '/ump/cfg', headers: bearer(token) })).statusCode,
        {
          timeout: 2000,
          interval: 20,
        },
      )
      .toBe(401);
  });
});
