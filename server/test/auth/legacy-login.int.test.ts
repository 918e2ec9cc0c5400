import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../../src/db/schema';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { loginClient } from '../support/login-client';
import { startTestApp, type TestApp } from '../support/test-app';

/** A stand-in for a tenant's legacy system: accepts legacy.user / Legacy-pass1 (password sent base64). */
const startLegacySystem = async () => {
  const calls: { url: string; body: Record<string, string> }[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const body = JSON.parse(raw) as Record<string, string>;
      calls.push({ url: req.url ?? '', body });
      const ok =
        body.username === 'legacy.user' &&
        Buffer.from(body.password!, 'base64').toString() === 'Legacy-pass1';
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify(
          ok ? { Code: 0, Response: { utoken: 'legacy-utoken-123' } } : { Code: 1, Message: 'bad' },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, calls, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

describe.each(testBackends())('legacy-system sign-in on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let legacy: Awaited<ReturnType<typeof startLegacySystem>>;
  let client: ReturnType<typeof loginClient>;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    client = loginClient(app);
    legacy = await startLegacySystem();
    await infra.db.asPlatform((tx) =>
      tx
        .update(tenants)
        .set({
          cloud: '3',
          sysType: 's7',
          legacyLoginUrl: `${legacy.base}/api/login`,
          legacyBulletinUrl: `${legacy.base}/bulletin.html`,
        })
        .where(eq(tenants.id, 't-energy')),
    );
    app.services.tenants.invalidate();
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
    await legacy?.close();
  });

  const uniLogin = async (password: string, url?: string) => {
    const res = await app.server.inject({
      method: 'POST',
      url: `/uniwim/ump/uniLogin${url ? `?url=${encodeURIComponent(url)}` : ''}`,
      payload: { username: 'legacy.user', password: await client.encrypt(password), tenantId: 't-energy' },
    });
    return { res, body: res.json() };
  };

  it('the tenant lookup tells the page to use the legacy login', async () => {
    const res = await app.server.inject({
      method: 'GET',
      url: `/dmp/tenant/detailByName?name=${encodeURIComponent('示范能源公司')}`,
    });
    expect(res.json().Response).toEqual({ id: 't-energy', cloud: '3', sysType: 's7' });
  });

  it("signs in through the tenant's configured address and answers its bulletin page with the utoken", async () => {
    const { body } = await uniLogin('Legacy-pass1', `${legacy.base}/api/login`);
    expect(body).toMatchObject({
      Code: 0,
      Response: { url: `${legacy.base}/bulletin.html?utoken=legacy-utoken-123` },
    });
    expect(legacy.calls.at(-1)).toMatchObject({ url: '/api/login', body: { username: 'legacy.user' } });
  });

  it('answers "登录失败，请联系管理员" when the legacy system refuses', async () => {
    const { res, body } = await uniLogin('wrong');
    expect(res.statusCode).toBe(502);
    expect(body).toMatchObject({ Error: 'LEGACY_LOGIN_FAILED', Message: '登录失败，请联系管理员' });
  });

  it('refuses a request naming another address, without calling anything', async () => {
    const before = legacy.calls.length;
    const { res, body } = await uniLogin('Legacy-pass1', 'http://169.254.169.254/latest/meta-data');
    expect(res.statusCode).toBe(403);
    expect(body.Error).toBe('LEGACY_URL_NOT_ALLOWED');
    expect(legacy.calls.length).toBe(before);
  });

  it('refuses a tenant without a configured legacy system', async () => {
    const res = await app.server.inject({
      method: 'POST',
      url: '/uniwim/ump/uniLogin',
      payload: { username: 'x', password: await client.encrypt('y'), tenantId: 't-water' },
    });
    expect(res.json().Error).toBe('LEGACY_NOT_CONFIGURED');
  });

  it('answers the same failure when the legacy system cannot be reached', async () => {
    await legacy.close();
    const { body } = await uniLogin('Legacy-pass1');
    expect(body.Error).toBe('LEGACY_LOGIN_FAILED');
  });
});
