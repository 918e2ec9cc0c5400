import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { hashToken, newId, newOpaqueToken } from '../../../server/src/platform/crypto/tokens';
import { ScenarioFailure } from '../scenario';
import { repoRoot } from './paths';
import { BENCH_ADMIN_PASSWORD } from './platform-server';

const adminUrl = () => process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ScaleDatabase {
  url: string;
  /** Drops the database when this run created it; an already seeded one given is kept. */
  release(): Promise<void>;
}

/**
 * A database after `npm run seed:scale`: BENCH_SCALE_DATABASE_URL when set (seeded with the bench
 * password), else a scratch one on BENCH_DATABASE_URL's server, seeded now (a minute or more;
 * with `logRows`, `--logs` with that many rows per log table).
 */
export const scaleDatabase = async (
  label: string,
  options: { logRows?: number } = {},
): Promise<ScaleDatabase> => {
  const given = process.env.BENCH_SCALE_DATABASE_URL;
  if (given) return { url: given, release: async () => undefined };
  const scratch = `uniwim_bench_${label}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect().catch((error) => {
    throw new ScenarioFailure(`needs PostgreSQL (set BENCH_DATABASE_URL): ${error.message}`);
  });
  const release = async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  };
  try {
    await admin.query(`CREATE DATABASE ${scratch}`);
    const url = new URL(adminUrl());
    url.pathname = `/${scratch}`;
    await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'server/scripts/seed-scale.ts',
        '--database-url',
        url.toString(),
        ...(options.logRows ? ['--logs', '--log-rows', String(options.logRows)] : []),
      ],
      {
        cwd: repoRoot,
        env: { ...process.env, SEED_ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD },
        maxBuffer: 1 << 22,
      },
    );
    return { url: url.toString(), release };
  } catch (error) {
    await release();
    throw error;
  }
};

/**
 * Access tokens for members of a tenant, written straight into the sessions table (as a sign-in
 * would, only the hashes stored): thousands of shells need thousands of sessions, and signing each
 * in would measure password hashing instead. Answers the tokens in the order of `accountIds`.
 */
export const mintSessions = async (
  client: pg.Client,
  tenantId: string,
  accountIds: string[],
): Promise<string[]> => {
  const tokens = accountIds.map(() => newOpaqueToken());
  const ids = accountIds.map(() => newId('ses-bench-'));
  await client.query(
    `INSERT INTO sessions (id, family_id, account_id, tenant_id, access_token_hash, refresh_token_hash,
       access_expires_at, refresh_expires_at, channel, purpose)
     SELECT s.id, s.id, s.account_id, $1, s.access_hash, s.refresh_hash,
       now() + interval '2 hours', now() + interval '2 hours', 'web', 'full'
     FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) AS s(id, account_id, access_hash, refresh_hash)`,
    [tenantId, ids, accountIds, tokens.map(hashToken), accountIds.map(() => hashToken(newOpaqueToken()))],
  );
  return tokens;
};

/** Nearest-rank percentile of numbers sorted ascending. */
export const percentileOf = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
