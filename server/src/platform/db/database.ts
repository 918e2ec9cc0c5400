import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { drizzle as drizzlePgType } from 'drizzle-orm/node-postgres';
import { type PgDatabase, PgDialect, type PgQueryResultHKT, type PgTable } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { schema } from '../../db/schema';
import { isServiceUnavailable } from '../unavailable';
import { UnstorableValueError } from './database-errors';
import { startEmbeddedDatabase } from './embedded';
import { migrate } from './migrate';
import { databaseCall } from './outage';
import type { PgliteWorkerClient } from './pglite-worker/client';
import { pgliteRunner, poolRunner, type SqlRunner, withPooledClient } from './sql-runner';

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
  /**
   * Inserts rows into a platform-scope table in one statement and one transaction: the hot writes that
   * are batched (sessions of a burst of sign-ins, login logs).
   */
  insertAsPlatform<T extends PgTable>(table: T, rows: T['$inferInsert'][]): Promise<void>;
  /** For tests proving isolation: a transaction with the application role and no tenant at all. */
  withNoTenant<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * One read statement in a tenant's scope (null: no tenant, the platform's shared rows only), in a
   * read-only transaction of its own, with planner settings for it. On PGlite the whole transaction is
   * one message to the database's thread, so it never stays open while the HTTP thread is busy with
   * other requests (PGlite runs one transaction at a time: such a wait holds every other request up),
   * and PGlite itself is entered once. Its parameters need a type the statement gives them (casts).
   */
  readInScope(
    tenantId: string | null,
    statement: SQL,
    settings?: PlannerSettings,
    options?: ReadOptions,
  ): Promise<RawRow[]>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Raw SQL as the connecting user: migrations and administration only. */
  readonly admin: SqlRunner;
}

export type RawRow = Record<string, unknown>;

export interface ReadOptions {
  /**
   * The statement's text recurs with other values, and one plan suits them all: the embedded
   * database plans it once and keeps the plan (PostgreSQL plans it each time, as it is not the
   * bottleneck there). Never for statements whose best plan depends on their values.
   */
  reusePlan?: boolean;
}
/** Settings of the statement's transaction (set_config(…, true)): names of PostgreSQL's own settings. */
export type PlannerSettings = Readonly<Record<string, 'on' | 'off'>>;

type Scope = 'tenant' | 'platform' | 'none';
type ScopedRead = (
  tenantId: string,
  scope: Scope,
  settings: string,
  query: { sql: string; params: unknown[] },
  options?: ReadOptions,
) => Promise<RawRow[]>;
type Scoped = (tenantId: string, scope: Scope) => <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

/** How one kind of database runs scoped work and batched inserts. */
interface Backend {
  kind: Database['kind'];
  scoped: Scoped;
  read: ScopedRead;
  insertAsPlatform: Database['insertAsPlatform'];
  admin: SqlRunner;
  close(): Promise<void>;
}

/**
 * A scoped transaction on PostgreSQL costs its round trips: BEGIN and the scope go in one message
 * (a simple-protocol script, as on PGlite), then the work through a light drizzle instance over the
 * pooled connection (the code uses the query builder only, and opens no nested transaction), then
 * COMMIT. drizzle's own transaction would send BEGIN and the scope one after the other.
 */
const poolBackend = (pool: pg.Pool, drizzlePg: typeof drizzlePgType): Backend => {
  /** Runs `work` on one pooled connection between `begin` and COMMIT, rolled back on failure. */
  const inTransaction = <T>(begin: string, work: (client: pg.PoolClient) => Promise<T>): Promise<T> =>
    withPooledClient(pool, async (client, markBroken) => {
      try {
        await client.query(begin);
        const result = await work(client);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        // A connection that cannot even roll back is dropped from the pool, not handed out again.
        await client.query('ROLLBACK').catch(markBroken);
        throw error;
      }
    });
  const scoped: Scoped = (tenantId, scope) => {
    const begin = `BEGIN; ${scopeStatement(tenantId, scope)}`;
    return (work) => inTransaction(begin, (client) => work(drizzlePg({ client }) as unknown as Tx));
  };
  const read: ScopedRead = (tenantId, scope, settings, query) =>
    inTransaction(`BEGIN READ ONLY; ${scopeStatement(tenantId, scope)}${settings}`, async (client) => {
      const { rows } = await client.query(query.sql, query.params);
      return rows as RawRow[];
    });
  return {
    kind: 'postgres',
    scoped,
    read,
    insertAsPlatform: async (table, rows) => {
      if (rows.length === 0) return;
      await scoped('', 'platform')((tx) => tx.insert(table).values(rows));
    },
    admin: poolRunner(pool),
    close: () => pool.end(),
  };
};

/** A text value as an SQL string literal (standard_conforming_strings is on: only quotes need doubling). */
const sqlLiteral = (value: string): string => {
  if (value.includes('\0')) throw new UnstorableValueError();
  return `'${value.replaceAll("'", "''")}'`;
};

const scopeStatement = (tenantId: string, scope: Scope) =>
  `SELECT set_config('role', '${APP_ROLE}', true), set_config('app.tenant_id', ${sqlLiteral(tenantId)}, true), set_config('app.scope', '${scope}', true)`;

const SETTING_NAME = /^[a-z_]+$/;
/** `; SELECT set_config(…)` for the settings, or nothing: appended to the scope's statement. */
const settingsStatement = (settings: PlannerSettings = {}): string => {
  const entries = Object.entries(settings);
  if (entries.length === 0) return '';
  for (const [name, value] of entries) {
    if (!SETTING_NAME.test(name) || (value !== 'on' && value !== 'off'))
      throw new Error(`not a planner setting: ${name}=${value}`);
  }
  return `; SELECT ${entries.map(([name, value]) => `set_config('${name}', '${value}', true)`).join(', ')}`;
};

/**
 * PGlite runs in a worker thread (see pglite-worker/), so every message costs a wait between threads:
 * the fewer, the better. The scope is set in the same message as BEGIN, and the queries go through a
 * light drizzle instance over that transaction (no relational-query schema; the code uses the query
 * builder only). A batched insert goes further: drizzle renders it with its values inlined as SQL
 * literals (quotes doubled; standard_conforming_strings is on, so that is the whole escaping), and it
 * runs with the scope as one script in one transaction, in one message.
 */
const pgliteBackend = (client: PgliteWorkerClient): Backend => {
  const scoped: Scoped = (tenantId, scope) => {
    const setScope = scopeStatement(tenantId, scope);
    return (work) =>
      client.transaction(
        (transaction) => work(drizzlePglite({ client: transaction as unknown as PGlite }) as unknown as Tx),
        { setup: setScope },
      );
  };
  const builder = drizzlePglite({ client: client as unknown as PGlite });
  const dialect = new PgDialect();
  const platformScope = scopeStatement('', 'platform');
  return {
    kind: 'pglite',
    scoped,
    read: (tenantId, scope, settings, query, options) =>
      client.read<RawRow>(
        `${scopeStatement(tenantId, scope)}${settings}`,
        query.sql,
        query.params,
        options?.reusePlan,
      ),
    insertAsPlatform: async (table, rows) => {
      if (rows.length === 0) return;
      const { sql: insert } = dialect.sqlToQuery(builder.insert(table).values(rows).getSQL().inlineParams());
      // PostgreSQL cannot store NUL in text (and the simple protocol would end the statement there):
      // refused with the SQLSTATE PostgreSQL answers, so a batch writer sets the row aside.
      if (insert.includes('\0')) throw new UnstorableValueError();
      await client.execInTransaction(`${platformScope};\n${insert}`);
    },
    admin: pgliteRunner(client),
    close: () => client.close(),
  };
};

export interface OutageReporting {
  /** The first failure of an outage; later ones are not reported again until a call succeeds. */
  onOutage?: (error: unknown) => void;
  /** A call succeeded again after an outage. */
  onRestored?: (downtimeMs: number) => void;
}

const reportOutageToConsole = (error: unknown) => {
  const reason = error instanceof Error ? error.message : String(error);
  console.warn(`[database] cannot be reached (${reason}); requests answer 503 until it returns`);
};
const reportRestoredToConsole = (downtimeMs: number) => {
  console.warn(`[database] reachable again after ${downtimeMs} ms`);
};

const readDialect = new PgDialect();

/**
 * Every call goes through databaseCall, so an outage rejects with ServiceUnavailableError
 * (DATABASE_UNAVAILABLE) whichever module made it, and is reported once rather than per request.
 * A transaction cut by an outage is rolled back by the server: nothing is half-written.
 */
const makeDatabase = (
  { kind, scoped, read, insertAsPlatform, admin, close }: Backend,
  { onOutage = reportOutageToConsole, onRestored = reportRestoredToConsole }: OutageReporting = {},
): Database => {
  let outageSince: number | undefined;
  const call = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      const result = await databaseCall(work);
      if (outageSince !== undefined) {
        onRestored(Date.now() - outageSince);
        outageSince = undefined;
      }
      return result;
    } catch (error) {
      if (isServiceUnavailable(error) && error.service === 'database' && outageSince === undefined) {
        outageSince = Date.now();
        onOutage(error.cause);
      }
      throw error;
    }
  };
  const inScope =
    (tenantId: string, scope: Scope) =>
    <T>(work: (tx: Tx) => Promise<T>) =>
      call(() => scoped(tenantId, scope)(work));
  const reachableAdmin: SqlRunner = {
    query: (text, params) => call(() => admin.query(text, params)),
    exec: (text) => call(() => admin.exec(text)),
    transaction: (work) => call(() => admin.transaction(work)),
  };
  return {
    kind,
    admin: reachableAdmin,
    withTenant: (tenantId, work) => {
      if (!tenantId) throw new Error('withTenant needs a tenant id');
      return inScope(tenantId, 'tenant')(work);
    },
    asPlatform: inScope('', 'platform'),
    insertAsPlatform: (table, rows) => call(() => insertAsPlatform(table, rows)),
    withNoTenant: inScope('', 'none'),
    readInScope: async (tenantId, statement, settings, options) => {
      const query = readDialect.sqlToQuery(statement);
      const extra = settingsStatement(settings);
      return call(() =>
        tenantId ? read(tenantId, 'tenant', extra, query, options) : read('', 'none', extra, query, options),
      );
    },
    ping: async () => {
      await reachableAdmin.query('SELECT 1');
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
  /** The embedded database already starting (main.ts starts it before loading the server's modules). */
  embedded?: Promise<PgliteWorkerClient>;
  /** Where outages of PostgreSQL are reported; defaults to one console line when one starts and ends. */
  outages?: OutageReporting;
}

/**
 * A request waits at most this long for a connection (a new one, or a free one of the pool), so a
 * PostgreSQL that is down or saturated answers 503 DATABASE_UNAVAILABLE within about a second.
 */
export const DATABASE_CONNECT_TIMEOUT_MS = 1_000;

/** Opens the database, applies pending migrations, and returns the scoped access API. */
export const openDatabase = async (options: OpenDatabaseOptions): Promise<Database> => {
  if (options.databaseUrl) {
    // Loaded only for PostgreSQL: an embedded start does not pay for evaluating the driver.
    const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
    ]);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
      // A connection whose peer vanished without closing it is found by TCP keep-alive.
      keepAlive: true,
    });
    pool.on('error', () => undefined); // idle-client errors surface on the next query instead
    const backend = poolBackend(pool, drizzlePg);
    try {
      await migrate(backend.admin);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return makeDatabase(backend, options.outages);
  }
  const client = await (options.embedded ?? startEmbeddedDatabase(options.dataDir));
  const backend = pgliteBackend(client);
  try {
    await migrate(backend.admin);
  } catch (error) {
    await client.close();
    throw error;
  }
  return makeDatabase(backend);
};
