import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

describe.each(testBackends())('bad input gets a documented error, never a 500, on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra, { BODY_LIMIT_BYTES: '4096' });
    token = await tokenFor(app, infra.db, 'water.admin', 't-water');
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const save = (payload: string, contentType = 'application/json') =>
    app.server.inject({
      method: 'POST',
      url: '/dmp/tenant/sysConfig/save',
      headers: { ...bearer(token), 'content-type': contentType },
      payload,
    });

  it('malformed JSON', async () => {
    const res = await save('{"title": ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Code: 40001, Error: 'MALFORMED_JSON', Response: null });
  });

  it('an empty JSON body', async () => {
    const res = await save('');
    expect(res.statusCode).toBe(400);
    expect(res.json().Error).toBe('MALFORMED_JSON');
  });

  it('an oversized body', async () => {
    const res = await save(JSON.stringify({ customCss: 'a'.repeat(10_000) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ Code: 40004, Error: 'BODY_TOO_LARGE' });
  });

  it('an unsupported content type', async () => {
    const res = await save('<title>x</title>', 'application/xml');
    expect(res.statusCode).toBe(415);
    expect(res.json().Error).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('wrong types, naming the bad field', async () => {
    const res = await save(JSON.stringify({ title: 42 }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Code: 40000, Error: 'BAD_REQUEST' });
    expect(res.json().Details[0].path).toBe('body.title');
  });

  it('unknown fields', async () => {
    const res = await save(JSON.stringify({ title: 'x', isAdmin: true }));
    expect(res.statusCode).toBe(400);
    expect(res.json().Error).toBe('BAD_REQUEST');
  });

  it('a JSON body that is not an object', async () => {
    const res = await save('[1,2,3]');
    expect(res.statusCode).toBe(400);
    expect(res.json().Error).toBe('BAD_REQUEST');
  });

  it('an unknown route', async () => {
    const res = await app.server.inject({ method: 'GET', url: '/ump/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ Code: 40401, Error: 'ROUTE_NOT_FOUND' });
  });

  it('a known path with the wrong method', async () => {
    const res = await app.server.inject({ method: 'DELETE', url: '/ump/key' });
    expect(res.statusCode).toBe(404);
    expect(res.json().Error).toBe('ROUTE_NOT_FOUND');
  });

  it('an overlong query parameter', async () => {
    const res = await app.server.inject({ method: 'GET', url: `/ump/cfg-encrypt?tenant=${'x'.repeat(500)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().Error).toBe('BAD_REQUEST');
  });

  it('left nothing half-written after the failures above', async () => {
    const res = await app.server.inject({ method: 'GET', url: '/ump/cfg', headers: bearer(token) });
    expect(res.json().Response.title).toBe('示范水务集团 · 智慧水务云');
  });

  it('never logged a 500 for any of it', () => {
    expect(app.logLines.filter((line) => line.includes('"level":50'))).toEqual([]);
  });
});
