import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { schema } from '../../db/schema';
import { migrate } from './migrate';
import { readPgliteTemplate } from './pglite-template';
import { pgliteRunner, poolRunner, type SqlRunner } from './sql-runner';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const APP_ROLE = 'uniwim_app';

/**
 * The only ways application code reaches the data. Every unit of work is one transaction run as
 * the non-superuser application role, so row-level security always applies:
 *  - withTenant: sees and writes only that tenant's rows of tenant-owned tables;
 *  - asPlatform: platform-admin code paths (tenants, global accounts, sessions, cross-tenant reads).
 */
export interface Database {
  readonly kind: 'pglite' | 'postgres';
  withTenant<T>(tenantId: string, work: (tx: Tx) => Promise<T>): Promise<T>;
  asPlatform<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** For tests proving isolation: a transaction with the application role and no tenant at all. */
  withNoTenant<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Raw SQL as the connecting user: migrations and administration only. */
  readonly admin: SqlRunner;
}

type Scope = 'tenant' | 'platform' | 'none';
type Scoped = (tenantId: string, scope: Scope) => <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

const poolScoped =
  (db: Db): Scoped =>
  (tenantId, scope) =>
  (work) =>
    db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT set_config('role', ${APP_ROLE}, true), set_config('app.tenant_id', ${tenantId}, true), set_config('app.scope', ${scope}, true)`,
      );
      return work(tx);
    });

/** A text value as an SQL string literal (standard_conforming_strings is on: only quotes need doubling). */
const sqlLiteral = (value: string): string => {
  if (value.includes('\0')) throw new Error('NUL in an SQL literal');
  return `'${value.replaceAll("'", "''")}'`;
};

/**
 * PGlite runs in this thread, so each round trip costs CPU the request could use: the scope is set by one
 * simple-protocol statement inside PGlite's own transaction, and the queries go through a light drizzle
 * instance over that transaction (no relational-query schema; the code uses the query builder only).
 */
const pgliteScoped =
  (client: PGlite): Scoped =>
  (tenantId, scope) => {
    const setScope = `SELECT set_config('role', '${APP_ROLE}', true), set_config('app.tenant_id', ${sqlLiteral(tenantId)}, true), set_config('app.scope', '${scope}', true)`;
    return (work) =>
      client.transaction(async (transaction) => {
        await transaction.exec(setScope);
        return work(drizzlePglite({ client: transaction as unknown as PGlite }) as unknown as Tx);
      });
  };

const makeDatabase = (
  kind: Database['kind'],
  scoped: Scoped,
  admin: SqlRunner,
  close: () => Promise<void>,
): Database => {
  return {
    kind,
    admin,
    withTenant: (tenantId, work) => {
      if (!tenantId) throw new Error('withTenant needs a tenant id');
      return scoped(tenantId, 'tenant')(work);
    },
    asPlatform: scoped('', 'platform'),
    withNoTenant: scoped('', 'none'),
    ping: async () => {
      await admin.query('SELECT 1');
    },
    close,
  };
};

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; without it the embedded PGlite in dataDir is used. */
  databaseUrl?: string;
  /** Folder for PGlite's files; omitted means in memory (tests). */
  dataDir?: string;
  poolSize?: number;
}

/** Opens the database, applies pending migrations, and returns the scoped access API. */
export const openDatabase = async (options: OpenDatabaseOptions): Promise<Database> => {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    pool.on('error', () => undefined); // idle-client errors surface on the next query instead
    const admin = poolRunner(pool);
    try {
      await migrate(admin);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return makeDatabase(
      'postgres',
      poolScoped(drizzlePg({ client: pool, schema }) as unknown as Db),
      admin,
      () => pool.end(),
    );
  }
  let dataPath: string | undefined;
  if (options.dataDir) {
    dataPath = path.join(options.dataDir, 'pglite');
    await mkdir(dataPath, { recursive: true });
  }
  const isNew = !dataPath || !existsSync(path.join(dataPath, 'PG_VERSION'));
  const template = isNew ? await readPgliteTemplate() : undefined;
  const client = new PGlite(dataPath, template ? { loadDataDir: template } : {});
  const admin = pgliteRunner(client);
  try {
    await migrate(admin);
  } catch (error) {
    await client.close();
    throw error;
  }
  return makeDatabase('pglite', pgliteScoped(client), admin, () => client.close());
};
