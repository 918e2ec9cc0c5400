import { decodeLoginConfig } from '@uniwim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { loginClient } from '../support/login-client';
import { openQrSocket } from '../support/qr-socket';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../support/test-app';

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

describe.each(siblingBackends)('QR sign-in across two instances sharing $name', (backend) => {
  let infra: TestInfrastructure;
  let sibling: Awaited<ReturnType<TestInfrastructure['openSibling']>>;
  let a: TestApp;
  let b: TestApp;
  let phoneToken: string;

  beforeAll(async () => {
    infra = await backend.open();
    sibling = await infra.openSibling();
    a = await startTestApp(infra);
    b = await startTestApp(sibling);
    phoneToken = (await loginClient(b).login({ username: 'water.op', password: TEST_ADMIN_PASSWORD })).body
      .Response.token;
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await sibling?.close();
    await infra?.close();
  });

  const onB = (action: string, uid: string) =>
    b.server.inject({
      method: 'POST',
      url: `/ump/qrcode/${action}`,
      payload: { uid },
      headers: bearer(phoneToken),
    });

  it('pushes the token on instance A when the phone scans and confirms on instance B', async () => {
    const pc = await openQrSocket(a, '?tenant=water');
    expect((await onB('scan', pc.uid)).json().Code).toBe(0);
    await pc.next('scanned');
    expect((await onB('confirm', pc.uid)).json().Code).toBe(0);
    const token = (await pc.next('token')).data as { token: string };
    const me = await b.server.inject({
      method: 'GET',
      url: '/ump/currUserInfo',
      headers: bearer(token.token),
    });
    expect(me.json().Response.username).toBe('water.op');
  });

  it('answers the polling fallback on A after a confirmation on B', async () => {
    const pc = await openQrSocket(a, '?tenant=water');
    pc.close();
    await new Promise((resolve) => setTimeout(resolve, 100)); // instance A sees the socket go
    await onB('scan', pc.uid);
    await onB('confirm', pc.uid);
    const answer = (
      await a.server.inject({ method: 'GET', url: `/ump/scanQrcodeInterface?uuid=${pc.uid}` })
    ).json();
    expect(answer.Success).toBe(true);
  });
});
