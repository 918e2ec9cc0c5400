import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config';
import { databaseLocationOf } from './database-location';
import { startEmbeddedDatabase } from './platform/db/embedded';
import type { DatabaseOrigin } from './platform/db/pglite-worker/protocol';
import { usableWhileOpening } from './platform/db/usable-while-opening';

const SHUTDOWN_GRACE_MS = 10_000;

const DATABASE_ORIGINS: Record<DatabaseOrigin, string> = {
  existing: 'existing data',
  prepared: 'new, copied from the prepared demo database',
  template: 'new, from the empty template',
  new: 'new',
};

const fail = (message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(1);
};

const start = async () => {
  const startedAt = Date.now();
  // The embedded database opens in its worker thread while this thread loads the server's modules,
  // the settings' validation among them: the opening is the longest part of a start, so it goes
  // first, from the three settings it needs (read the same way loadConfig reads them).
  const location = databaseLocationOf(process.env);
  await mkdir(location.dataDir, { recursive: true });
  const likelyNewDatabase =
    !location.databaseUrl && !existsSync(path.join(location.dataDir, 'pglite', 'PG_VERSION'));
  const embedded = location.databaseUrl
    ? undefined
    : startEmbeddedDatabase(location.dataDir, { seedFile: location.seedFile });
  embedded?.catch(() => undefined); // reported by openDatabase below
  const { ConfigError, loadConfig } = await import('./config');
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // Not killed halfway through creating a new database: it is whole or absent.
    await embedded?.then((client) => client.close()).catch(() => undefined);
    return fail(error.message);
  }
  const [
    { buildApp },
    { loadSeedIfEmpty },
    { SeedError },
    { openDatabase },
    { createPubSub },
    { createStore },
  ] = await Promise.all([
    import('./app'),
    import('./db/seed/load-seed'),
    import('./db/seed/validate-seed'),
    import('./platform/db/database'),
    import('./platform/pubsub'),
    import('./platform/store'),
  ]);

  const modulesLoadedMs = Date.now() - startedAt;
  const opening = openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    dataDir: config.dataDir,
    embedded,
  }).catch((error) => fail(`Cannot open the database: ${(error as Error).message}`));
  // The app is built while the database opens and migrates; its calls wait for the opening.
  const db = usableWhileOpening(config.databaseUrl ? 'postgres' : 'pglite', opening);
  const store = await createStore({ redisUrl: config.redisUrl }).catch((error) =>
    fail(`Cannot reach Redis: ${(error as Error).message}`),
  );
  const pubsub = await createPubSub({ redisUrl: config.redisUrl }).catch((error) =>
    fail(`Cannot reach Redis: ${(error as Error).message}`),
  );
  // The seed (argon2 in the thread pool, inserts in the database's thread), building the app (this
  // thread) and the key pair overlap; nothing is served before all of them and the opening are done.
  const seeding = loadSeedIfEmpty(db, {
    seedFile: config.seedFile,
    adminPassword: config.seedAdminPassword,
    dataDir: config.dataDir,
  }).catch((error) => (error instanceof SeedError ? fail(error.message) : Promise.reject(error)));
  seeding.catch(() => undefined); // awaited below
  // When each part of the start was done (ms from its beginning), printed with the ready line.
  const steps: string[] = [];
  const step = <T>(name: string, work: Promise<T>) =>
    work.then((value) => {
      steps.push(`${name} ${Date.now() - startedAt}`);
      return value;
    });
  void step<unknown>('database open', embedded ?? opening).catch(() => undefined);
  // Background loops take their first look once the start is done (see startAfter).
  let startUpDone: () => void = () => undefined;
  const backgroundWorkAfter = new Promise<void>((resolve) => {
    startUpDone = resolve;
  });
  const app = await step('app built', buildApp({ config, db, store, pubsub, backgroundWorkAfter }));
  const [seed] = await Promise.all([step('seed', seeding), step('migrations checked', opening)]);
  await app.server.listen({ port: config.port, host: config.host });
  startUpDone();
  // A new database's RSA key pair (0.1–0.3 s of CPU in the thread pool) is made once the server
  // listens, not during the start, whose every core it would share; the first sign-in page asking
  // for the public key meanwhile waits for it (the key service shares one generation).
  app.services.keys
    .ensureKeyPair({ likelyNone: likelyNewDatabase })
    .catch((error) => app.server.log.error({ err: error }, 'creating the RSA key pair failed'));

  const address = app.server.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl ?? `http://localhost:${port}`;
  const origin = await embedded?.then((client) => DATABASE_ORIGINS[client.origin]);
  const lines = [
    `Platform ready in ${Date.now() - startedAt} ms: ${url}/login.html  (API docs: ${url}/docs)`,
    `Start-up steps done at (ms): modules loaded ${modulesLoadedMs}, ${steps.join(', ')}`,
    `Database: ${db.kind === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'pglite')} (${origin})` : 'PostgreSQL (DATABASE_URL)'}; store: ${config.redisUrl ? 'Redis (REDIS_URL)' : 'in memory'}`,
  ];
  if (seed.loaded && seed.passwordFile) {
    lines.push(
      `Seeded demo data. Admin account "${seed.adminUsername}"; initial password in ${seed.passwordFile}`,
    );
  } else if (seed.loaded) {
    lines.push(
      `Seeded demo data. Admin account "${seed.adminUsername}" with the password from SEED_ADMIN_PASSWORD`,
    );
  } else {
    lines.push(
      `Existing data kept. Initial admin password (if generated on first start): ${path.join(config.dataDir, 'initial-admin-password.txt')}`,
    );
  }
  lines.push(
    config.smsProvider === 'outbox'
      ? `SMS messages are not sent: they are appended to ${path.join(config.dataDir, 'sms-outbox.jsonl')}`
      : `SMS messages go through the "${config.smsProvider}" provider`,
  );
  process.stdout.write(`${lines.join('\n')}\n`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.server.log.info({ signal }, 'shutting down');
    const forced = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    forced.unref();
    try {
      await app.close();
      await Promise.allSettled([pubsub.close(), store.close()]);
      await db.close();
      process.exit(0);
    } catch (error) {
      app.server.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
};

start().catch((error) => fail(`Start-up failed: ${error instanceof Error ? error.stack : String(error)}`));
