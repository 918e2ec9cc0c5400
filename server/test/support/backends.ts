import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/platform/db/database';
import { createPubSub, type PubSub } from '../../src/platform/pubsub';
import { createStore, type Store } from '../../src/platform/store';

/**
 * The engines integration tests run on: always PGlite with the in-memory store; also PostgreSQL
 * and Redis when TEST_DATABASE_URL and TEST_REDIS_URL are set (CI sets both). If they are set but
 * unreachable, opening them throws and the tests fail rather than skip.
 */
export interface Backend {
  name: string;
  open(): Promise<TestInfrastructure>;
}

export interface TestInfrastructure {
  db: Database;
  store: Store;
  pubsub: PubSub;
  /** Opens another connection set to the same database and Redis: a second server instance. */
  openSibling(): Promise<Omit<TestInfrastructure, 'openSibling' | 'close'> & { close(): Promise<void> }>;
  close(): Promise<void>;
}

const withDatabaseName = (url: string, name: string): string => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

/** A fresh database per test file, dropped afterwards, so files can run in parallel. */
export const createScratchDatabase = async (adminUrl: string) => {
  const name = `uniwim_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    url: withDatabaseName(adminUrl, name),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
};

const pgliteBackend: Backend = {
  name: 'pglite+memory',
  open: async () => {
    const db = await openDatabase({});
    const store = await createStore();
    const pubsub = await createPubSub();
    return {
      db,
      store,
      pubsub,
      openSibling: async () => {
        throw new Error('PGlite is embedded: a second instance needs PostgreSQL and Redis');
      },
      close: async () => {
        await Promise.all([store.close(), pubsub.close()]);
        await db.close();
      },
    };
  },
};

const postgresBackend = (databaseUrl: string, redisUrl: string): Backend => ({
  name: 'postgres+redis',
  open: async () => {
    const scratch = await createScratchDatabase(databaseUrl);
    const namespace = `test:${randomBytes(6).toString('hex')}:`;
    const connect = async () => {
      const db = await openDatabase({ databaseUrl: scratch.url, poolSize: 5 });
      const store = await createStore({ redisUrl, namespace });
      const pubsub = await createPubSub({ redisUrl, namespace });
      return {
        db,
        store,
        pubsub,
        close: async () => {
          await Promise.all([store.close(), pubsub.close()]);
          await db.close();
        },
      };
    };
    const first = await connect();
    return {
      ...first,
      openSibling: connect,
      close: async () => {
        await first.close();
        await scratch.drop();
      },
    };
  },
});

export const testBackends = (): Backend[] => {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL;
  if (Boolean(databaseUrl) !== Boolean(redisUrl)) {
    throw new Error('Set both TEST_DATABASE_URL and TEST_REDIS_URL, or neither');
  }
  return databaseUrl && redisUrl ? [pgliteBackend, postgresBackend(databaseUrl, redisUrl)] : [pgliteBackend];
};
