import { loginLogs } from '../../db/schema';
import { newId } from '../../platform/crypto/tokens';
import { BatchWriter } from '../../platform/db/batch-writer';
import type { Database } from '../../platform/db/database';
import { UnstorableValueError } from '../../platform/db/database-errors';
import { clientInfoOf } from '../client-info/client-info';
import type { LogDeadLettersRepo } from '../log-dead-letters/repo';
import { loadFlagHistory, saveFootprints } from '../login-logs/flag-repo';
import { flagBatch } from '../login-logs/flags';

/** The writer's name in counters, log lines and dead letters. */
export const LOGIN_LOG_WRITER = 'login-log';

/** 'switch': a tenant switch (POST /dmp/changeTenant, /dmp/changeTenantToken, /dmp/changePlatformToken). */
export type LoginMode = 'password' | 'sms' | 'qr' | 'legacy' | 'register' | 'switch' | 'two-factor';

export interface LoginAttempt {
  tenantId: string | null;
  accountId: string | null;
  username: string;
  mode: LoginMode;
  result: 'success' | 'failure';
  errorCode: string | null;
  ip: string | null;
  userAgent: string | null;
  channel?: string;
}

/** Where write failures are reported (the app's logger). */
export interface LoginLogReporter {
  warn(details: Record<string, unknown>, msg: string): void;
}

type LoginLogRow = typeof loginLogs.$inferInsert;

const rowOf = (attempt: LoginAttempt): LoginLogRow => ({
  id: newId('log-'),
  ...attempt,
  username: attempt.username.slice(0, 64),
  userAgent: attempt.userAgent?.slice(0, 500) ?? null,
  channel: attempt.channel ?? 'web',
  // The moment of the attempt, not of the batch's write.
  createdAt: new Date(),
  // Region and device parsed once, here (issue 16); flags are set when the batch is written.
  ...clientInfoOf(attempt.ip, attempt.userAgent, attempt.channel),
  flags: [],
});

/**
 * Writes a batch with its flags (new region or device for the account, failure bursts), read from
 * the footprints and recent failures: a few index probes per batch, then the rows' one insert.
 */
const writeFlagged = async (db: Database, rows: LoginLogRow[]): Promise<void> => {
  // NUL cannot be stored (nor sent as a parameter on PGlite): refused before anything is sent, with
  // PostgreSQL's own SQLSTATE, so the batch writer sets that row aside and writes the others.
  const hasNul = (row: LoginLogRow) =>
    Object.values(row).some((v) => typeof v === 'string' && v.includes('\0'));
  if (rows.some(hasNul)) throw new UnstorableValueError();
  const flags = await db.asPlatform(async (tx) => {
    const typed = rows.map((row) => ({ ...row, createdAt: row.createdAt ?? new Date() }));
    const flagged = flagBatch(typed, await loadFlagHistory(tx, typed));
    await saveFootprints(tx, flagged.footprints);
    return flagged.flags;
  });
  // The rows through the platform's batched insert (one statement, any characters).
  await db.insertAsPlatform(
    loginLogs,
    rows.map((row, i) => ({ ...row, flags: flags[i] })),
  );
};

/**
 * Every sign-in attempt, successful or not, for the login-log and statistics pages. Written behind
 * (like Keycloak's event store): an attempt only queues its row, and the rows of half a second go in one
 * multi-row insert, so a sign-in pays no database round trip for its log and never waits for it. A row
 * the database refuses is set aside in log_dead_letters; while the database is unavailable rows stay
 * queued (up to 20,000, then new ones are dropped and counted) and are retried with backoff; close() at
 * shutdown writes what is waiting. See BatchWriter.
 */
export const createLoginLog = (deps: {
  db: Database;
  deadLetters: LogDeadLettersRepo;
  reporter: LoginLogReporter;
}) => {
  const writer = new BatchWriter<LoginLogRow>({
    name: LOGIN_LOG_WRITER,
    flushIntervalMs: 500,
    maxBatchRows: 500,
    maxPendingRows: 20_000,
    groupOf: () => '',
    write: (_group, rows) => writeFlagged(deps.db, rows),
    deadLetter: (refused) => deps.deadLetters.record(LOGIN_LOG_WRITER, refused),
    reporter: deps.reporter,
  });
  return {
    record: (attempt: LoginAttempt): Promise<void> => writer.add(rowOf(attempt)),
    /** Writes everything queued so far (tests and admin reads that must see the latest attempts). */
    flush: () => writer.flush(),
    close: () => writer.close(),
    /** Counts for readiness: queued, written, set aside, dropped, retried. */
    stats: () => writer.stats(),
  };
};

export type LoginLog = ReturnType<typeof createLoginLog>;
