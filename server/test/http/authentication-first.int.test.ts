import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { startTestApp, type TestApp } from '../support/test-app';

interface DocumentedOperation {
  method: string;
  path: string;
  /** The request without a token: its path parameters filled in, an empty or invalid body. */
  url: string;
}

type Security = Record<string, unknown>[] | undefined;

/**
 * Every operation of the OpenAPI document that requires a token: a `security` that names a scheme
 * and offers no anonymous alternative (`{}`). Read from the document, so new routes are covered
 * without anyone listing them.
 */
const guardedOperationsOf = (document: unknown): DocumentedOperation[] => {
  const doc = document as { paths: Record<string, Record<string, { security?: Security }>> };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, operation]) => {
        const security = operation.security;
        return (
          security !== undefined &&
          security.length > 0 &&
          security.every((requirement) => Object.keys(requirement).length > 0)
        );
      })
      .map(([method]) => ({
        method: method.toUpperCase(),
        path,
        url: path.replace(/\{[^}]+\}/g, 'x'),
      })),
  );
};

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A request without credentials: the body missing every required field, or not JSON at all. */
const BODIES = [
  { name: 'an empty object', payload: '{}' },
  { name: 'malformed JSON', payload: '{"codes": [' },
  { name: 'wrong types', payload: '{"username": 1, "codes": 2, "type": "x", "templateCode": []}' },
];

describe.each(testBackends())('authentication comes before validation, on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  it('the routes the issue names answer 401, not 400 listing the required fields', async () => {
    for (const url of [
      '/ump/todos',
      '/ump/dictionary/getValueByCode',
      '/ump/open/messages/send',
      '/ump/accessLog/saveLog',
    ]) {
      const res = await app.server.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(401);
      expect(res.json()).toMatchObject({ Error: 'UNAUTHENTICATED', Response: null });
      expect(res.json().Details).toBeUndefined();
      expect(res.headers['www-authenticate']).toBe('Bearer realm="uniwim"');
    }
  });

  it('every operation the document says needs a token answers 401 without one, whatever its input', async () => {
    const operations = guardedOperationsOf(app.server.swagger());
    // The document declares security on most routes; a walk over a handful would prove little.
    expect(operations.length).toBeGreaterThan(200);
    const wrong: string[] = [];
    for (const operation of operations) {
      const bodies = WITH_BODY.has(operation.method) ? BODIES : [{ name: 'no body', payload: undefined }];
      for (const body of bodies) {
        const res = await app.server.inject({
          method: operation.method as 'GET',
          url: operation.url,
          ...(body.payload === undefined
            ? {}
            : { headers: { 'content-type': 'application/json' }, payload: body.payload }),
        });
        const answer = String(res.headers['content-type']).includes('json') ? res.json() : undefined;
        if (res.statusCode !== 401 || answer?.Error !== 'UNAUTHENTICATED' || answer?.Details !== undefined) {
          wrong.push(
            `${operation.method} ${operation.path} (${body.name}): ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
        } else if (res.headers['www-authenticate'] !== 'Bearer realm="uniwim"') {
          wrong.push(
            `${operation.method} ${operation.path}: WWW-Authenticate ${res.headers['www-authenticate']}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
