import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createQrLogin } from '../../src/modules/qr-login/service';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer } from '../support/fixtures';
import { loginClient } from '../support/login-client';
import { openQrSocket } from '../support/qr-socket';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../support/test-app';

describe.each(testBackends())('QR sign-in on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let client: ReturnType<typeof loginClient>;
  let phoneToken: string;
  let energyPhoneToken: string;
  let n = 0;
  let ip: Record<string, string>;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    client = loginClient(app);
    phoneToken = (
      await client.login(
        { username: 'water.op', password: TEST_ADMIN_PASSWORD },
        { 'x-forwarded-for': '10.4.9.1' },
      )
    ).body.Response.token;
    energyPhoneToken = (
      await client.login(
        { username: 'energy.staff', password: TEST_ADMIN_PASSWORD },
        { 'x-forwarded-for': '10.4.9.2' },
      )
    ).body.Response.token;
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });
  beforeEach(() => {
    n += 1;
    ip = { 'x-forwarded-for': `10.4.0.${n}` };
  });

  const phone = (action: 'scan' | 'confirm' | 'cancel', uid: string, token = phoneToken) =>
    app.server
      .inject({
        method: 'POST',
        url: `/ump/qrcode/${action}`,
        payload: { uid },
        headers: { ...bearer(token), ...ip },
      })
      .then((res) => ({ res, body: res.json() }));
  const poll = (uuid: string) =>
    app.server
      .inject({ method: 'GET', url: `/ump/scanQrcodeInterface?uuid=${uuid}`, headers: ip })
      .then((r) => r.json());

  it('goes from code to scanned to a token of its own on the socket, bound to the page tenant', async () => {
    const pc = await openQrSocket(app, '?tenant=water');
    expect(pc.uid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const scanned = await phone('scan', pc.uid);
    expect(scanned.body.Response).toMatchObject({ tenantId: 't-water', tenantName: '示范水务集团' });
    await pc.next('scanned');
    expect((await phone('confirm', pc.uid)).body.Code).toBe(0);
    const token = (await pc.next('token')).data as { token: string; tenantId: string };
    expect(token.tenantId).toBe('t-water');
    expect(token.token).not.toBe(phoneToken);
    const me = await app.server.inject({
      method: 'GET',
      url: '/ump/currUserInfo',
      headers: bearer(token.token),
    });
    expect(me.json().Response.username).toBe('water.op');
    // Used once: the polling fallback gets nothing more.
    expect(await poll(pc.uid)).toMatchObject({ Success: false, Response: null, state: 'used' });
  });

  it('answers the polling fallback once after confirmation', async () => {
    const pc = await openQrSocket(app, '?tenant=water');
    pc.close(); // the page fell back to polling
    await new Promise((resolve) => setTimeout(resolve, 100)); // the server sees the socket go
    expect(await poll(pc.uid)).toMatchObject({ Success: false, state: 'pending' });
    await phone('scan', pc.uid);
    expect(await poll(pc.uid)).toMatchObject({ Success: false, state: 'scanned' });
    await phone('confirm', pc.uid);
    const first = await poll(pc.uid);
    expect(first.Success).toBe(true);
    expect(first.Response.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const second = await poll(pc.uid);
    expect(second).toMatchObject({ Success: false, Response: null });
  });

  it('refuses a confirmation without a signed-in phone, or from another phone, or twice', async () => {
    const pc = await openQrSocket(app, '?tenant=water');
    const anonymous = await app.server.inject({
      method: 'POST',
      url: '/ump/qrcode/confirm',
      payload: { uid: pc.uid },
    });
    expect(anonymous.statusCode).toBe(401);
    const unscanned = await phone('confirm', pc.uid);
    expect(unscanned.body.Error).toBe('QR_INVALID');
    await phone('scan', pc.uid);
    const otherPhone = await phone('confirm', pc.uid, energyPhoneToken);
    expect(otherPhone.body.Error).toBe('QR_INVALID');
    expect((await phone('confirm', pc.uid)).body.Code).toBe(0);
    const again = await phone('confirm', pc.uid);
    expect(again.body.Error).toBe('QR_INVALID');
    await pc.next('token');
  });

  it('refuses a user who is not a member of the page tenant, telling the phone why', async () => {
    const pc = await openQrSocket(app, '?tenant=water');
    await phone('scan', pc.uid, energyPhoneToken);
    const res = await phone('confirm', pc.uid, energyPhoneToken);
    expect(res.body.Error).toBe('NOT_A_MEMBER');
    expect(await poll(pc.uid)).toMatchObject({ Success: false, state: 'scanned' });
    pc.close();
  });

  it('ends a cancelled code on the PC', async () => {
    const pc = await openQrSocket(app, '?tenant=water');
    await phone('scan', pc.uid);
    expect((await phone('cancel', pc.uid)).body.Code).toBe(0);
    await pc.next('cancelled');
    expect((await phone('confirm', pc.uid)).body.Error).toBe('QR_INVALID');
  });

  it('answers an unknown code cleanly', async () => {
    expect(await poll('no-such-code-0000000000')).toMatchObject({
      Code: 0,
      Success: false,
      state: 'expired',
    });
    expect((await phone('scan', 'no-such-code-0000000000')).body.Error).toBe('QR_INVALID');
  });

  it('expires a code: the socket says so and the code can no longer be scanned', async () => {
    const shortLived = createQrLogin({
      ...app.services,
      store: infra.store,
      pubsub: infra.pubsub,
      ttlMs: 150,
    });
    const uid = await shortLived.create({ tenantId: 't-water', userAgent: null, ip: '10.4.8.8' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await shortLived.state(uid)).toBe('expired');
    expect((await phone('scan', uid)).body.Error).toBe('QR_INVALID');
  });
});
