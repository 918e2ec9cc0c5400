import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../platform/http/error-handler';
import { registerOpenApi } from '../../platform/http/openapi';
import { createRateLimiter } from '../../platform/rate-limit';
import { MemoryStore } from '../../platform/store';
import { captchaRoutes } from './routes';
import { captchaStoreKey, createCaptchaService } from './service';

const LIMIT = 3;

/** The plugin alone on a bare server with the app's compilers and error handling (the lead wires it into app.ts). */
describe('GET /uniwim/ump/loginCode.png', () => {
  let store: MemoryStore;
  let server: FastifyInstance;

  beforeAll(async () => {
    store = new MemoryStore();
    server = Fastify();
    server.setValidatorCompiler(validatorCompiler);
    server.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(server);
    await server.register(
      captchaRoutes({
        captcha: createCaptchaService({ store }),
        rateLimiter: createRateLimiter(store),
        rateLimit: { limit: LIMIT, windowMs: 60_000 },
      }),
    );
    await server.ready();
  });
  afterAll(async () => {
    await server?.close();
    await store?.close();
  });

  const get = (query: string, ip = '198.51.100.1') =>
    server.inject({ method: 'GET', url: `/uniwim/ump/loginCode.png${query}`, remoteAddress: ip });

  it('answers a 117x32 PNG that must not be cached, and stores its answer', async () => {
    const res = await get('?time=17953262519121234');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('no-store');
    const image = PNG.sync.read(res.rawPayload);
    expect([image.width, image.height]).toEqual([117, 32]);
    expect(await store.get(captchaStoreKey('17953262519121234'))).toMatch(/^[A-Z2-9]{4}$/);
  });

  it.each([
    ['', 'missing'],
    ['?time=', 'empty'],
    ['?time=12345', 'too short'],
    ['?time=1795326251912abcd', 'not digits'],
    [`?time=${'9'.repeat(33)}`, 'too long'],
    ['?time=123456&time=654321', 'repeated'],
  ])('refuses a bad id (%s: %s) with 400 BAD_REQUEST', async (query) => {
    const res = await get(query, '198.51.100.2');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Code: 40000, Error: 'BAD_REQUEST', Response: null });
  });

  it(`limits each client address to ${LIMIT} images per window, then 429 with Retry-After`, async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < LIMIT; i++) expect((await get(`?time=1000000${i}`, ip)).statusCode).toBe(200);
    const refused = await get('?time=10000009', ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(59);
    expect(refused.json()).toMatchObject({
      Code: 42900,
      Error: 'RATE_LIMITED',
      Response: null,
      Details: { retryAfterSeconds: Number(refused.headers['retry-after']) },
    });
    expect(await store.get(captchaStoreKey('10000009'))).toBeNull();
    // Another address is counted separately.
    expect((await get('?time=10000009', '203.0.113.10')).statusCode).toBe(200);
  });
});

describe('OpenAPI description of the captcha route', () => {
  it('is listed under auth as an image/png answer with a documented time parameter', async () => {
    const store = new MemoryStore();
    const server = Fastify();
    server.setValidatorCompiler(validatorCompiler);
    server.setSerializerCompiler(serializerCompiler);
    await registerOpenApi(server);
    await server.register(
      captchaRoutes({ captcha: createCaptchaService({ store }), rateLimiter: createRateLimiter(store) }),
    );
    await server.ready();
    try {
      const operation = (server.swagger() as OpenApiDocument).paths['/uniwim/ump/loginCode.png']?.get;
      expect(operation?.tags).toEqual(['auth']);
      expect(operation?.description).toContain('single use');
      expect(operation?.parameters?.map((parameter) => parameter.name)).toEqual(['time']);
      expect(operation?.responses?.['200']?.content).toEqual({
        'image/png': { schema: { type: 'string', format: 'binary' } },
      });
      expect(Object.keys(operation?.responses ?? {})).toEqual(['200', '400', '429']);
    } finally {
      await server.close();
      await store.close();
    }
  });
});

interface OpenApiDocument {
  paths: Record<
    string,
    {
      get?: {
        tags?: string[];
        description?: string;
        parameters?: { name: string }[];
        responses?: Record<string, { content?: Record<string, unknown> }>;
      };
    }
  >;
}
