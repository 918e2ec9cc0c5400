import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_TEMPLATE_FILE } from '../pglite-template';
import { type PgliteWorkerClient, PgliteWorkerError, startPgliteWorker } from './client';

describe('PGlite in a worker thread', () => {
  let db: PgliteWorkerClient;
  beforeAll(async () => {
    db = await startPgliteWorker({ templateFile: PGLITE_TEMPLATE_FILE });
    await db.exec('CREATE TABLE items (id int PRIMARY KEY, name text NOT NULL, at timestamptz)');
  });
  afterAll(async () => {
    await db.close();
  });

  it('answers queries with rows in object or array mode', async () => {
    await db.query('INSERT INTO items (id, name) VALUES ($1, $2), ($3, $4)', [1, 'one', 2, '二']);
    const objects = await db.query<{ id: number; name: string }>('SELECT id, name FROM items ORDER BY id');
    expect(objects.rows).toEqual([
      { id: 1, name: 'one' },
      { id: 2, name: '二' },
    ]);
    const arrays = await db.query('SELECT id, name FROM items ORDER BY id', [], { rowMode: 'array' });
    expect(arrays.rows).toEqual([
      [1, 'one'],
      [2, '二'],
    ]);
    expect(arrays.fields.map((field) => field.name)).toEqual(['id', 'name']);
  });

  it("applies the caller's parsers to the server's text of their types", async () => {
    await db.query("UPDATE items SET at = '2026-01-02T03:04:05Z' WHERE id = 1");
    const TIMESTAMPTZ = 1184;
    const { rows } = await db.query<{ at: unknown }>('SELECT at FROM items WHERE id = 1', [], {
      parsers: { [TIMESTAMPTZ]: (text) => `parsed ${text}` },
    });
    expect(rows[0]?.at).toBe('parsed 2026-01-02 03:04:05+00');
    const plain = await db.query<{ at: unknown }>('SELECT at FROM items WHERE id = 1');
    expect(plain.rows[0]?.at).toBeInstanceOf(Date);
  });

  it('commits a transaction whose work succeeds', async () => {
    const answer = await db.transaction(async (tx) => {
      await tx.query('INSERT INTO items (id, name) VALUES (3, $1)', ['three']);
      return (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM items')).rows[0]?.n;
    });
    expect(answer).toBe(3);
    expect((await db.query('SELECT 1 FROM items WHERE id = 3')).rows).toHaveLength(1);
  });

  it('rolls a transaction back when its work throws, and the database goes on', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO items (id, name) VALUES (4, 'four')");
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await db.query('SELECT 1 FROM items WHERE id = 4')).rows).toHaveLength(0);
  });

  it("reports PostgreSQL's error fields, and a failed statement rolls its transaction back", async () => {
    const failure = await db
      .transaction(async (tx) => {
        await tx.query("INSERT INTO items (id, name) VALUES (5, 'five')");
        await tx.query("INSERT INTO items (id, name) VALUES (1, 'again')");
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PgliteWorkerError);
    expect(failure).toMatchObject({ code: '23505', constraint: 'items_pkey', table: 'items' });
    expect((await db.query('SELECT 1 FROM items WHERE id = 5')).rows).toHaveLength(0);
  });

  it('runs statements outside a transaction after it, never inside it', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = db.transaction(async (tx) => {
      await tx.query("INSERT INTO items (id, name) VALUES (6, 'six')");
      await held;
      throw new Error('roll back');
    });
    // Queued behind the open transaction; it must not see (or join) the uncommitted row.
    const outside = db.query<{ n: number }>('SELECT count(*)::int AS n FROM items WHERE id = 6');
    release();
    await expect(transaction).rejects.toThrow('roll back');
    expect((await outside).rows[0]?.n).toBe(0);
  });

  it('keeps concurrent transactions apart', async () => {
    await Promise.all(
      [10, 11, 12, 13].map((id) =>
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO items (id, name) VALUES ($1, $2)', [id, `n${id}`]);
          const { rows } = await tx.query<{ name: string }>('SELECT name FROM items WHERE id = $1', [id]);
          expect(rows[0]?.name).toBe(`n${id}`);
        }),
      ),
    );
    expect((await db.query('SELECT 1 FROM items WHERE id >= 10')).rows).toHaveLength(4);
  });

  it('runs a setup script first in the same transaction, and a failing setup leaves nothing open', async () => {
    const seen = await db.transaction(
      async (tx) =>
        (await tx.query<{ v: string }>("SELECT current_setting('app.marker', true) AS v")).rows[0]?.v,
      { setup: "SELECT set_config('app.marker', 'set', true)" },
    );
    expect(seen).toBe('set');
    // Local to that transaction: gone afterwards.
    const after = await db.query<{ v: string | null }>("SELECT current_setting('app.marker', true) AS v");
    expect(after.rows[0]?.v ?? '').toBe('');
    await expect(
      db.transaction(async () => 'never', { setup: 'SELECT no_such_function()' }),
    ).rejects.toMatchObject({ code: '42883' });
    expect((await db.query('SELECT 1 AS ok')).rows).toEqual([{ ok: 1 }]);
  });

  it('runs a script in a transaction of its own: all of it, or none of it', async () => {
    await db.execInTransaction(
      "INSERT INTO items (id, name) VALUES (20, 'a'); INSERT INTO items (id, name) VALUES (21, 'b');",
    );
    expect((await db.query('SELECT 1 FROM items WHERE id IN (20, 21)')).rows).toHaveLength(2);
    await expect(
      db.execInTransaction(
        "INSERT INTO items (id, name) VALUES (22, 'c'); INSERT INTO items (id, name) VALUES (20, 'dup');",
      ),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await db.query('SELECT 1 FROM items WHERE id = 22')).rows).toHaveLength(0);
  });

  it('refuses every call once closed', async () => {
    const other = await startPgliteWorker({ templateFile: PGLITE_TEMPLATE_FILE });
    await other.close();
    await expect(other.query('SELECT 1')).rejects.toThrow('the database is closed');
  });
});
