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
import { changedTables, createWriteFingerprint } from './write-fingerprint';

/**
 * Walks every operation of the OpenAPI document (new routes are covered without anyone adding
 * them) with malformed variants of a well-formed request, without a token and as a tenant
 * administrator and the platform administrator. No answer may be a 5xx or take 5 s, no refused
 * request may leave a row, and the server must still be ready and sign people in afterwards.
 *
 * The variants of each operation and identity are sampled with a seeded generator; set FUZZ_SEED
 * to repeat a run (the seed is printed, and named in every failure).
 */
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
/**
 * Requests per backend: the variants of each operation and identity are sampled to fit, so the
 * suite's time stays flat as routes are added (every operation still gets its well-formed sample
 * and several malformed ones per identity; another seed samples others).
 */
const REQUESTS_PER_BACKEND = Number(process.env.FUZZ_REQUESTS ?? 4_000);
const MIN_VARIANTS = 6;
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

  it('answers every malformed request with a 4xx in time, writes nothing for it, and stays up', async () => {
    process.stdout.write(`[fuzz] ${backend.name}: FUZZ_SEED=${SEED}\n`);
    const random = mulberry32(SEED);
    const operations = operationsOf(app.server.swagger());
    expect(operations.length).toBeGreaterThan(40);
    const perOperationAndIdentity = Math.max(
      MIN_VARIANTS,
      Math.floor(REQUESTS_PER_BACKEND / (operations.length * 3)),
    );
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
    let sent = 0;
    let addressCounter = 0;

    for (const operation of operations) {
      // Fresh tokens per operation: a variant may sign the token out or switch its tenant.
      // What the tables held after the last refused request, when nothing ran since: the next "before".
      let settled: Map<string, string> | undefined;
      const identities: [string, Record<string, string>][] = [
        ['no token', {}],
        ['tenant administrator', bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'))],
        ['platform administrator', bearer(await tokenFor(app, infra.db, 'admin', null))],
      ];
      const variants = variantsOf(operation);
      for (const [identity, authorization] of identities) {
        for (const variant of sample(variants, perOperationAndIdentity, random)) {
          addressCounter += 1;
          // Each request from its own address, so rate limits do not hide what lies behind them.
          const address = `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
          const before = settled ?? (await settle());
          settled = undefined;
          const startedAt = performance.now();
          const res = await app.server.inject({
            method: variant.method as 'GET',
            url: variant.url,
            headers: { 'x-forwarded-for': address, ...authorization, ...variant.headers },
            ...(variant.payload === undefined ? {} : { payload: variant.payload }),
          });
          const elapsedMs = performance.now() - startedAt;
          sent += 1;
          const report = (problem: string) => findings.push({ identity, variant, problem });
          if (res.statusCode >= 500) report(`answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
          if (elapsedMs > SLOW_MS) report(`took ${Math.round(elapsedMs)} ms`);
          if (res.statusCode >= 400) {
            const error = (res.json() as { Error?: string }).Error ?? '';
            settled = await settle();
            const changed = changedTables(before, settled).filter(
              (table) => !(table === 'login_logs' && !REFUSED_FOR_ITS_FORM.has(error)),
            );
            if (changed.length > 0) report(`refused with ${error} but changed ${changed.join(', ')}`);
          }
        }
      }
    }
    process.stdout.write(
      `[fuzz] ${backend.name}: ${sent} requests over ${operations.length} operations, ${findings.length} findings\n`,
    );
    const described = findings
      .slice(0, 20)
      .map(
        (f) =>
          `${f.variant.method} ${f.variant.url.slice(0, 120)} [${f.variant.label}] as ${f.identity}: ${f.problem}`,
      );
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
