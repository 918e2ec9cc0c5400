import { connect } from 'node:net';
import { ErrorCodes } from '@uniwim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../../src/platform/http/security-headers';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The router refuses some paths before any route or hook runs (issue 24): those answers are the
 * envelope with a typed code, carry the headers every answer carries, and never echo the path.
 */
describe.each(testBackends())("the router's own answers on $name", (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
  });
  let closed: Promise<void> | undefined;
  afterAll(async () => {
    await (closed ?? app?.close());
    await infra?.close();
  });

  const expectEnvelopeWithHeaders = (
    res: { statusCode: number; headers: Record<string, unknown>; body: string; json(): unknown },
    name: keyof typeof ErrorCodes,
  ) => {
    expect(res.statusCode).toBe(ErrorCodes[name].status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      Code: ErrorCodes[name].code,
      Message: ErrorCodes[name].message,
      Response: null,
      Error: name,
    });
    for (const [header, value] of Object.entries(securityHeaders({ https: false }))) {
      expect(res.headers[header], header).toBe(value);
    }
  };

  it('a path parameter over the router’s limit answers 414 URL_TOO_LONG without the path', async () => {
    const segment = `x${'a'.repeat(300)}`;
    const res = await app.server.inject({ method: 'GET', url: `/ump/files/${segment}/info` });
    expectEnvelopeWithHeaders(res, 'URL_TOO_LONG');
    expect(res.body).not.toContain(segment);
  });

  it('a path the router cannot percent-decode answers 400 URL_MALFORMED without the path', async () => {
    const res = await app.server.inject({ method: 'GET', url: '/ump/files/%E0%A4%A/info' });
    expectEnvelopeWithHeaders(res, 'URL_MALFORMED');
    expect(res.body).not.toContain('%E0%A4%A');
  });

  // Last: it closes the app. A request whose headers are still arriving keeps its connection busy,
  // so the close cannot reap it; its route is chosen once the server is closing.
  it('a request that arrives while the server closes answers 503 NOT_READY in the envelope', async () => {
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.server.address() as { port: number };
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let raw = '';
    socket.on('data', (chunk) => {
      raw += String(chunk);
    });
    const ended = new Promise((resolve) => socket.once('close', resolve));
    socket.write('GET /healthz HTTP/1.1\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    closed = app.close();
    socket.write('Host: 127.0.0.1\r\n\r\n');
    await ended;
    const [head = '', body = ''] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 503 /);
    expect(head.toLowerCase()).toContain('x-content-type-options: nosniff');
    expect(head.toLowerCase()).toContain('content-security-policy:');
    expect(JSON.parse(body)).toMatchObject({
      Code: ErrorCodes.NOT_READY.code,
      Error: 'NOT_READY',
      Response: null,
    });
    await closed;
  });
});
