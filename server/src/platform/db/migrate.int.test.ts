import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from './migrate';
import { pgliteRunner, type SqlRunner } from './sql-runner';

/** The runner, with each call it receives written down. */
const recording = (runner: SqlRunner, calls: string[]): SqlRunner => ({
  query: (text, params) => {
    calls.push(`query ${text}`);
    return runner.query(text, params);
  },
  exec: (text) => {
    calls.push(`exec ${text}`);
    return runner.exec(text);
  },
  transaction: (work) => {
    calls.push('transaction');
    return runner.transaction(work);
  },
});

describe('migrate', () => {
  let dir: string;
  let db: PGlite;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'uniwim-migrations-'));
    db = await PGlite.create();
    // The grants name the application role, as the first real migration creates it.
    await db.exec('CREATE ROLE uniwim_app');
  });
  afterAll(async () => {
    await db?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('applies new files in order under its lock, and with every file applied only reads which they are', async () => {
    await writeFile(path.join(dir, '0001_first.sql'), 'CREATE TABLE first_table (id int);');
    const calls: string[] = [];
    const runner = recording(pgliteRunner(db), calls);
    expect((await migrate(runner, dir)).applied).toEqual(['0001_first.sql']);
    expect(calls).toContain('transaction');

    await writeFile(path.join(dir, '0002_second.sql'), 'CREATE TABLE second_table (id int);');
    expect((await migrate(runner, dir)).applied).toEqual(['0002_second.sql']);

    calls.length = 0;
    expect((await migrate(runner, dir)).applied).toEqual([]);
    expect(calls).toEqual(['query SELECT id FROM schema_migrations']);
    const tables = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_tables WHERE tablename IN ('first_table', 'second_table')",
    );
    expect(tables.rows[0]?.n).toBe(2);
  });
});
