import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { SERVER_ROOT } from '../../server-root';
import type { SqlRunner } from './sql-runner';

/** Read from the sources also when the server runs compiled: SQL needs no build. */
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'src', 'db', 'migrations');

/** Any number fixed for this application: serialises migrations of instances starting together. */
const MIGRATION_LOCK_KEY = 727_001;

const GRANTS = `
  GRANT USAGE ON SCHEMA public TO uniwim_app;
  GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO uniwim_app;
  GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO uniwim_app;
`;

export interface MigrationResult {
  applied: string[];
}

/**
 * Applies the committed SQL migrations not yet applied, in file-name order, in one transaction
 * under an advisory lock, then grants the application role access to every table (when any applied).
 */
export const migrate = async (runner: SqlRunner, dir: string = MIGRATIONS_DIR): Promise<MigrationResult> => {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  // Most starts find every migration applied: one read says so, without the lock and the transaction
  // (on PGlite each of their statements waits on the HTTP thread, busy building the app at start).
  // A missing table or a missing id takes the locked path, which decides under the lock.
  const recorded = await runner
    .query<{ id: string }>('SELECT id FROM schema_migrations')
    .then((rows) => new Set(rows.map((row) => row.id)))
    .catch(() => new Set<string>());
  if (files.every((file) => recorded.has(file))) return { applied: [] };
  return runner.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await tx.query<{ id: string }>('SELECT id FROM schema_migrations')).map((r) => r.id),
    );
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      await tx.exec(await readFile(path.join(dir, file), 'utf8'));
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [file]);
      applied.push(file);
    }
    // Tables appear only with a migration, and the grants are given in that migration's transaction:
    // with nothing applied they are all in place already (a start skips ~30 GRANT checks).
    if (applied.length > 0) await tx.exec(GRANTS);
    return { applied };
  });
};
