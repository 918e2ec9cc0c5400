import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import {
  BURST_FAILURES,
  BURST_WINDOW_MS,
  burstNameOf,
  type FlaggableRow,
  type FlagHistory,
  type Footprint,
} from './flags';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const list = (values: string[]): SQL =>
  sql.join(
    values.map((value) => sql`(${value})`),
    sql`, `,
  );

/**
 * What a batch's flags depend on, read in the platform scope with index probes only: the footprints
 * of its accounts (primary key), and for each failing name and address at most BURST_FAILURES recent
 * failures (the partial failure indexes of migration 0036, each read with LIMIT).
 */
export const loadFlagHistory = async (tx: Tx, rows: readonly FlaggableRow[]): Promise<FlagHistory> => {
  const history: FlagHistory = { footprints: new Map(), failuresByName: new Map(), failuresByIp: new Map() };
  const accounts = [
    ...new Set(rows.filter((r) => r.result === 'success' && r.accountId).map((r) => r.accountId!)),
  ];
  const failures = rows.filter((r) => r.result === 'failure');
  if (accounts.length > 0) {
    const found = rowsOf<Footprint>(
      await tx.execute(sql`SELECT account_id AS "accountId", kind, key FROM login_footprints
        WHERE account_id IN (SELECT a.id FROM (VALUES ${list(accounts)}) a(id))`),
    );
    for (const { accountId, kind, key } of found) {
      const slot = `${accountId}|${kind}`;
      const known = history.footprints.get(slot) ?? new Set<string>();
      known.add(key);
      history.footprints.set(slot, known);
    }
  }
  if (failures.length > 0) {
    const earliest = Math.min(...failures.map((r) => r.createdAt.getTime()));
    const since = new Date(earliest - BURST_WINDOW_MS).toISOString();
    const names = [...new Set(failures.map(burstNameOf))];
    const ips = [...new Set(failures.flatMap((r) => (r.ip ? [r.ip] : [])))];
    const byName = rowsOf<{ key: string; n: number }>(
      await tx.execute(sql`SELECT v.key, (SELECT count(*)::int FROM (SELECT 1 FROM login_logs l
          WHERE lower(l.username) = v.key AND l.result = 'failure' AND l.created_at >= ${since}
          LIMIT ${BURST_FAILURES}) recent) AS n
        FROM (VALUES ${list(names)}) v(key)`),
    );
    for (const { key, n } of byName) history.failuresByName.set(key, Number(n));
    if (ips.length > 0) {
      const byIp = rowsOf<{ key: string; n: number }>(
        await tx.execute(sql`SELECT v.key, (SELECT count(*)::int FROM (SELECT 1 FROM login_logs l
            WHERE l.ip = v.key AND l.result = 'failure' AND l.created_at >= ${since}
            LIMIT ${BURST_FAILURES}) recent) AS n
          FROM (VALUES ${list(ips)}) v(key)`),
      );
      for (const { key, n } of byIp) history.failuresByIp.set(key, Number(n));
    }
  }
  return history;
};

/** New footprints; a concurrent writer's same pair is kept once. */
export const saveFootprints = async (tx: Tx, footprints: readonly Footprint[]): Promise<void> => {
  if (footprints.length === 0) return;
  await tx.execute(
    sql`INSERT INTO login_footprints (account_id, kind, key) VALUES ${sql.join(
      footprints.map((f) => sql`(${f.accountId}, ${f.kind}, ${f.key})`),
      sql`, `,
    )} ON CONFLICT DO NOTHING`,
  );
};
