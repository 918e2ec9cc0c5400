import type { LoginConfigOverride } from '@uniwim/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformSettings, tenantLoginConfigs } from '../../src/db/schema';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { loginClient } from '../support/login-client';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../support/test-app';
import { type Variant, variantsOf } from './malformed-variants';
import { operationsOf } from './openapi-operations';
import { operationSeed, type SchemaVariantCounts, schemaVariantsOf } from './schema-requests';
import { changedTables, createWriteFingerprint } from './write-fingerprint';

/**
 * Walks every operation of the OpenAPI document (new routes are covered without anyone adding
 * them) without a token and as a tenant administrator and the platform administrator, with two
 * kinds of request:
 *  - malformed variants of a well-formed request (broken JSON, hostile values in each field,
 *    wrong media types, ...), sampled per operation and identity;
 *  - requests drawn from the operation's own JSON Schemas with fast-check (schema-requests.ts):
 *    values the schema accepts at its edges (2^31 where an integer has no bound, a date that does
 *    not exist where the pattern allows it, an empty optional filter, the longest text allowed),
 *    and requests with one field just outside its schema. These go to each identity the
 *    well-formed sample was not refused at the door for (401, 403).
 * No answer may be a 5xx or take 5 s, no refused request may leave a row, and the server must
 * still be ready and sign people in afterwards.
 *
 * Both kinds are seeded; set FUZZ_SEED to repeat a run (the seed is printed, and named in every
 * failure).
 */
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
/**
 * Requests per operation and identity: the malformed variants (the well-formed sample first, then
 * a sample of the rest; another seed samples others), and the schema-drawn ones (to the identities
 * that get past the door). The suite's time grows with the routes: about 25 requests per operation,
 * some 11,500 over 460 operations. FUZZ_MALFORMED, FUZZ_CONFORMING and FUZZ_ONE_FIELD_OFF change the
 * counts for a longer hunt.
 */
const MALFORMED_PER_IDENTITY = Number(process.env.FUZZ_MALFORMED ?? 6);
const SCHEMA_DRAWN: SchemaVariantCounts = {
  conforming: Number(process.env.FUZZ_CONFORMING ?? 4),
  oneFieldOff: Number(process.env.FUZZ_ONE_FIELD_OFF ?? 2),
};
const SLOW_MS = 5_000;
/**
 * A request refused for its form writes nothing at all. One refused by a decision of the sign-in or
 * tenant-switch logic (wrong password, unknown tenant, ...) is an attempt, which the login log
 * records by design.
 */
const REFUSED_FOR_ITS_FORM = new Set([
  'BAD_REQUEST',
  'MALFORMED_JSON',
  'BAD_ENCODING',
  'UNSUPPORTED_MEDIA_TYPE',
  'BODY_TOO_LARGE',
  'INVALID_CHARACTERS',
  'VALIDATION_FAILED',
]);

const mulberry32 = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};

const sample = <T>(items: T[], count: number, random: () => number): T[] => {
  const [first, ...rest] = items;
  const shuffled = [...rest];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  // The well-formed sample always goes first: the variants are measured against it.
  return first === undefined ? [] : [first, ...shuffled.slice(0, count - 1)];
};

interface Finding {
  identity: string;
  variant: Variant;
  problem: string;
}

describe.each(testBackends())('the OpenAPI fuzz suite on $name', (backend) => {
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

  it('answers every malformed or schema-drawn request without a 5xx, in time, writes nothing for a refused one, and stays up', async () => {
    process.stdout.write(`[fuzz] ${backend.name}: FUZZ_SEED=${SEED}\n`);
    const random = mulberry32(SEED);
    const operations = operationsOf(app.server.swagger());
    expect(operations.length).toBeGreaterThan(40);
    const fingerprint = await createWriteFingerprint(infra.db);
    const settle = async () => {
      // Both logs, the search figures and the search index's background work are written behind:
      // what earlier requests queued must land before a comparison.
      await Promise.all([
        app.services.loginLog.flush(),
        app.services.usageLogs.flush(),
        app.services.search.analytics.flush(),
        app.services.search.idle(),
      ]);
      return fingerprint();
    };
    // Accepted requests of the administrators may change the sign-in look (a captcha, say); what a
    // person would undo afterwards, so that "sign-in still works" speaks of the server, not the look.
    const lookBefore = await infra.db.asPlatform(async (tx) => ({
      platform: await tx.select().from(platformSettings).where(eq(platformSettings.key, 'login_config')),
      tenants: await tx.select().from(tenantLoginConfigs),
    }));
    const findings: Finding[] = [];
    const sent = { malformed: 0, schema: 0 };
    /** How the schema-drawn requests were answered, by family and status class: how deep they reach. */
    const answers = new Map<string, number>();
    let addressCounter = 0;
    let settlingMs = 0;
    const startedAt = performance.now();
    // What the tables held after the last refused request, when nothing ran since: the next "before".
    let settled: Map<string, string> | undefined;

    const send = async (identity: string, authorization: Record<string, string>, variant: Variant) => {
      addressCounter += 1;
      // Each request from its own address, so rate limits do not hide what lies behind them.
      const address = `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
      const settleStartedAt = performance.now();
      const before = settled ?? (await settle());
      settled = undefined;
      settlingMs += performance.now() - settleStartedAt;
      const requestStartedAt = performance.now();
      const res = await app.server.inject({
        method: variant.method as 'GET',
        url: variant.url,
        headers: { 'x-forwarded-for': address, ...authorization, ...variant.headers },
        ...(variant.payload === undefined ? {} : { payload: variant.payload }),
      });
      const elapsedMs = performance.now() - requestStartedAt;
      const report = (problem: string) => findings.push({ identity, variant, problem });
      if (res.statusCode >= 500) report(`answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      if (elapsedMs > SLOW_MS) report(`took ${Math.round(elapsedMs)} ms`);
      if (res.statusCode >= 400) {
        const error = (res.json() as { Error?: string }).Error ?? '';
        const afterStartedAt = performance.now();
        settled = await settle();
        settlingMs += performance.now() - afterStartedAt;
        const changed = changedTables(before, settled).filter(
          (table) => !(table === 'login_logs' && !REFUSED_FOR_ITS_FORM.has(error)),
        );
        if (changed.length > 0) report(`refused with ${error} but changed ${changed.join(', ')}`);
      }
      return res.statusCode;
    };

    for (const operation of operations) {
      // Fresh tokens per operation: a variant may sign the token out or switch its tenant.
      const identities: [string, Record<string, string>][] = [
        ['no token', {}],
        ['tenant administrator', bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'))],
        ['platform administrator', bearer(await tokenFor(app, infra.db, 'admin', null))],
      ];
      // Issuing them wrote sessions: the next request's "before" is read after it.
      settled = undefined;
      const variants = variantsOf(operation);
      for (const [index, [identity, authorization]] of identities.entries()) {
        const statuses: number[] = [];
        for (const variant of sample(variants, MALFORMED_PER_IDENTITY, random)) {
          statuses.push(await send(identity, authorization, variant));
          sent.malformed += 1;
        }
        // The well-formed sample went first: where it was refused at the door, so would be these.
        if (statuses[0] === 401 || statuses[0] === 403) continue;
        const seed = operationSeed(SEED + index, operation);
        for (const variant of schemaVariantsOf(operation, SCHEMA_DRAWN, seed)) {
          const status = await send(identity, authorization, variant);
          sent.schema += 1;
          const family = `${variant.label.endsWith('conforming') ? 'conforming' : 'one field off'} ${Math.floor(status / 100)}xx`;
          answers.set(family, (answers.get(family) ?? 0) + 1);
        }
      }
    }
    process.stdout.write(
      `[fuzz] ${backend.name}: ${sent.malformed + sent.schema} requests (${sent.malformed} malformed, ` +
        `${sent.schema} drawn from the schemas) over ${operations.length} operations in ` +
        `${Math.round((performance.now() - startedAt) / 1000)} s (${Math.round(settlingMs / 1000)} s of it ` +
        `comparing the tables), ${findings.length} findings; schema-drawn answered ` +
        `${[...answers].map(([family, count]) => `${family}: ${count}`).join(', ')}\n`,
    );
    // One example of each operation's each problem, with how often it came.
    const distinct = new Map<string, { example: Finding; count: number }>();
    for (const finding of findings) {
      const operation = `${finding.variant.method} ${finding.variant.url.split('?')[0]}`;
      const key = `${operation} ${finding.problem.slice(0, 60)}`;
      const known = distinct.get(key);
      if (known) known.count += 1;
      else distinct.set(key, { example: finding, count: 1 });
    }
    const described = [...distinct.values()].slice(0, 40).map(({ example: f, count }) => {
      const body = typeof f.variant.payload === 'string' ? ` ${f.variant.payload.slice(0, 200)}` : '';
      return `${count}× ${f.variant.method} ${f.variant.url.slice(0, 160)}${body} [${f.variant.label}] as ${f.identity}: ${f.problem}`;
    });
    expect(described, `FUZZ_SEED=${SEED}: ${findings.length} findings`).toEqual([]);

    await app.services.loginConfig.setPlatformDefault(
      (lookBefore.platform[0]?.value ?? {}) as LoginConfigOverride,
    );
    for (const { tenantId, config } of lookBefore.tenants) {
      await app.services.loginConfig.setTenantOverride(tenantId, config as LoginConfigOverride);
    }
    const ready = await app.server.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    const signIn = await loginClient(app).login(
      { username: 'water.op', password: TEST_ADMIN_PASSWORD },
      { 'x-forwarded-for': '10.250.0.1' },
    );
    expect(signIn.body).toMatchObject({ Code: 0 });
  }, 600_000);
});
