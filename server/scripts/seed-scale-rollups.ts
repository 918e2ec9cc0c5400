import type pg from 'pg';
import { createLogMaintenance } from '../src/modules/statistics/maintenance';
import { createLogRetention } from '../src/modules/statistics/retention';
import { openDatabase } from '../src/platform/db/database';
import { timed } from './seed-scale-common';

/** Months of log rows the scale seed writes (180 days) plus the current one: their own partitions. */
const MONTHS_BACK = 7;

/**
 * Issue 16: before the scale logs go in, a partition for each month they span (else they would all
 * sit in the default partition, and no month could be dropped whole).
 */
export const prepareLogPartitions = async (client: pg.ClientBase) => {
  await timed(`log partitions for the last ${MONTHS_BACK} months`, async () => {
    for (let back = MONTHS_BACK; back >= 0; back--)
      for (const table of ['login_logs', 'usage_logs'])
        await client.query(
          `SELECT uniwim_log_partition_create($1, (date_trunc('month', now() AT TIME ZONE 'UTC') - make_interval(months => $2))::date)`,
          [table, back],
        );
  });
};

/** Issue 16: the daily rollups of every seeded day up to yesterday, as the nightly job would write them. */
export const buildLogRollups = async (databaseUrl: string) => {
  const db = await openDatabase({ databaseUrl, poolSize: 2 });
  try {
    const maintenance = createLogMaintenance({
      db,
      retention: createLogRetention({
        db,
        platformMaximum: async () => ({ loginLogDays: 3650, usageLogDays: 3650, operationLogDays: 3650 }),
      }),
      onError: () => undefined,
    });
    const [row] = await db.admin.query<{ first: string | null; yesterday: string }>(
      `SELECT (min(created_at) AT TIME ZONE 'Asia/Shanghai')::date::text AS first,
              ((now() AT TIME ZONE 'Asia/Shanghai')::date - 1)::text AS yesterday FROM login_logs`,
    );
    if (!row?.first) return;
    const days: string[] = [];
    for (let day = row.first; day <= row.yesterday; ) {
      days.push(day);
      day = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    }
    await timed(`daily rollups of ${days.length} days`, () => maintenance.rollUp(days));
    await db.admin.exec(
      'ANALYZE login_daily_stats, visit_daily_stats, visit_daily_items, daily_active_accounts',
    );
  } finally {
    await db.close();
  }
};
