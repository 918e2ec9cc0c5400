import { describeDatabaseError, isPrimaryKeyDuplicate, isRefusedRow } from './database-errors';

/** A row the database refused, with its refusal. */
export interface RefusedRow<Row> {
  row: Row;
  error: unknown;
}

/** Where a writer reports what it could not do at once (the app's logger). */
export interface BatchWriterReporter {
  warn(details: Record<string, unknown>, msg: string): void;
}

export interface BatchWriterOptions<Row> {
  /** Names the writer in its counters, log lines and dead letters: 'login-log', 'usage-logs'. */
  name: string;
  /** Rows wait at most this long before they are written. */
  flushIntervalMs: number;
  /** A write takes at most this many rows; a flush starts at once when this many are waiting. */
  maxBatchRows: number;
  /** Rows queued or being written at most; beyond it add() drops new rows and counts them. */
  maxPendingRows: number;
  /** Rows of one group are written together (one transaction each): e.g. the tenant for row-level security. */
  groupOf(row: Row): string;
  write(group: string, rows: Row[]): Promise<void>;
  /** Stores rows the database refused apart from the others, with the reason (log_dead_letters). */
  deadLetter(refused: RefusedRow<Row>[]): Promise<void>;
  reporter: BatchWriterReporter;
  /** Wait after a failed write: `initialMs`, doubled after each further failure, at most `maxMs`. */
  retryDelay?: { initialMs: number; maxMs: number };
  /** Dropped rows are reported at most once per this interval. */
  dropReportIntervalMs?: number;
}

export interface BatchWriterStats {
  /** Rows queued or being written now. */
  queued: number;
  written: number;
  /** Rows the database refused, set aside in the dead-letter table. */
  deadLettered: number;
  /** Rows lost: added while the queue was full (or refused by the dead-letter table as well). */
  dropped: number;
  /** Writes that failed because the database was unavailable; their rows stayed queued. */
  retries: number;
  /** While backing off after such a failure: milliseconds until the next attempt; otherwise 0. */
  retryInMs: number;
  lastError: { sqlState: string | null; message: string; at: string } | null;
}

export const DEFAULT_RETRY_DELAY = { initialMs: 500, maxMs: 30_000 };
const DEFAULT_DROP_REPORT_INTERVAL_MS = 60_000;
const NO_WAIT = Promise.resolve();

/** What started a write: a caller awaiting it, the timer or a full batch, or the backoff timer. */
type Trigger = 'explicit' | 'background' | 'retry';

/** The database failed (not the data): these rows were not written and go back to the queue. */
class Unwritten<Row> extends Error {
  constructor(
    readonly failure: unknown,
    readonly rows: Row[],
  ) {
    super('rows not written');
  }
}

/**
 * Collects rows in memory and writes them in groups with one multi-row statement each, so a caller
 * answers at once and the database sees a few large inserts instead of thousands of small ones.
 * Writes never overlap, and the happy path costs nothing per row beyond the push.
 *
 * - A row the database refuses (see isRefusedRow: bad data, a broken constraint) is found by
 *   bisecting its batch: the halves are written apart until each refused row stands alone. It is set
 *   aside through deadLetter() with the reason and the rows behind it are written, so one bad row
 *   never holds up the others and is never tried again. A row refused as a duplicate of its own
 *   primary key was stored by an earlier write whose answer was lost, and is simply skipped.
 * - Any other failure means the database is unavailable: the rows not written stay queued, ahead of
 *   newer ones, and are tried again after a backoff (0.5 s doubling to 30 s by default). Until then
 *   nothing but that timer (or an explicit flush()) starts a write: an outage makes no hot loop.
 *   Groups already written are not written again.
 * - Queue full: add() never waits for the database (a sign-in never waits on its log row). Beyond
 *   maxPendingRows rows queued or being written, new rows are dropped and counted, with a warning
 *   at most once per dropReportIntervalMs: memory stays bounded through a long outage, and the rows
 *   kept are the oldest, written first when the database is back.
 * - stats() gives the counts (readiness reports them).
 *
 * close() writes everything still waiting, and rows added after close() (requests finishing during
 * shutdown) are written before add() resolves: the process is about to exit, so it is their last chance.
 */
export class BatchWriter<Row> {
  private pending: Row[] = [];
  /** Rows taken out of `pending` by the write under way and neither stored nor set aside yet. */
  private inFlight = 0;
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<void> = Promise.resolve();
  /** A background write is queued on the chain and has not started: no need for another. */
  private backgroundQueued = false;
  private closed = false;
  private consecutiveFailures = 0;
  private retryAt = 0;
  private readonly counts = { written: 0, deadLettered: 0, dropped: 0, retries: 0 };
  private lastError: BatchWriterStats['lastError'] = null;
  private droppedSinceReport = 0;
  private lastDropReportAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: BatchWriterOptions<Row>) {}

  /** Rows queued or being written, not yet stored. */
  get pendingCount(): number {
    return this.pending.length + this.inFlight;
  }

  stats(): BatchWriterStats {
    return {
      queued: this.pendingCount,
      ...this.counts,
      retryInMs: this.backingOff() ? Math.max(0, this.retryAt - Date.now()) : 0,
      lastError: this.lastError,
    };
  }

  /** Queues a row and resolves at once (see the class comment for a full queue and for shutdown). */
  add(row: Row): Promise<void> {
    if (this.closed) {
      this.pending.push(row);
      // A failure is counted and reported by the write; the caller's request is not failed for it.
      return this.flush().catch(() => undefined);
    }
    if (this.pendingCount >= this.options.maxPendingRows) {
      this.drop();
      return NO_WAIT;
    }
    this.pending.push(row);
    if (this.pending.length >= this.options.maxBatchRows && !this.backingOff()) this.flushInBackground();
    else this.schedule(this.options.flushIntervalMs);
    return NO_WAIT;
  }

  /**
   * Writes every row queued so far, even while backing off; resolves when they are stored or set
   * aside, rejects if the database was unavailable (the rows stay queued and are retried).
   */
  flush(): Promise<void> {
    return this.run('explicit');
  }

  /** Stops the timer and writes what is waiting; later rows are written as they arrive. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }

  private backingOff(): boolean {
    return this.consecutiveFailures > 0;
  }

  private run(trigger: Trigger): Promise<void> {
    this.clearTimer();
    const run = this.chain.catch(() => undefined).then(() => this.drain(trigger));
    this.chain = run;
    return run;
  }

  private flushInBackground(): void {
    if (this.backgroundQueued) return;
    this.backgroundQueued = true;
    // Failures are reported and retried by the writer itself; nobody awaits this flush.
    this.run('background').catch(() => undefined);
  }

  private schedule(delayMs: number): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flushInBackground();
    }, delayMs);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async drain(trigger: Trigger): Promise<void> {
    if (trigger === 'background') {
      this.backgroundQueued = false;
      // Only the backoff timer retries a failing database.
      if (this.backingOff()) return;
    }
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, this.options.maxBatchRows);
      this.inFlight = batch.length;
      try {
        await this.writeBatch(batch);
      } catch (error) {
        if (!(error instanceof Unwritten)) throw error;
        // Put back only what was not written, ahead of newer rows, and try again after the backoff.
        this.pending.unshift(...(error.rows as Row[]));
        this.backOff(error.failure);
        throw error.failure;
      } finally {
        this.inFlight = 0;
      }
      this.consecutiveFailures = 0;
    }
  }

  private async writeBatch(batch: Row[]): Promise<void> {
    const groups = new Map<string, Row[]>();
    for (const row of batch) {
      const key = this.options.groupOf(row);
      const group = groups.get(key);
      if (group) group.push(row);
      else groups.set(key, [row]);
    }
    const refused: RefusedRow<Row>[] = [];
    const entries = [...groups];
    for (const [index, [key, rows]] of entries.entries()) {
      try {
        await this.writeGroup(key, rows, refused);
      } catch (error) {
        if (!(error instanceof Unwritten)) throw error;
        const later = entries.slice(index + 1).flatMap(([, rest]) => rest);
        // Refused rows not yet set aside go back too: written again later, they are refused again.
        throw new Unwritten(error.failure, [...error.rows, ...later, ...refused.map((r) => r.row)]);
      }
    }
    if (refused.length > 0) await this.setAside(refused);
  }

  /**
   * Writes the rows of one group. When the database refuses the data, the halves are written apart
   * (depth first, in order) until every refused row stands alone in `refused`; about 2·log2(n)
   * extra statements for one bad row among n.
   */
  private async writeGroup(key: string, rows: Row[], refused: RefusedRow<Row>[]): Promise<void> {
    const parts = [rows];
    for (let part = parts.pop(); part; part = parts.pop()) {
      try {
        await this.options.write(key, part);
        this.counts.written += part.length;
        this.inFlight -= part.length;
      } catch (error) {
        if (!isRefusedRow(error)) throw new Unwritten(error, [part, ...parts.reverse()].flat());
        if (part.length === 1 && isPrimaryKeyDuplicate(error)) {
          // Stored by an earlier write whose answer was lost: nothing to set aside.
          this.counts.written += 1;
          this.inFlight -= 1;
        } else if (part.length === 1) {
          refused.push({ row: part[0] as Row, error });
          this.lastError = { ...describeDatabaseError(error), at: new Date().toISOString() };
        } else {
          const middle = Math.ceil(part.length / 2);
          parts.push(part.slice(middle), part.slice(0, middle));
        }
      }
    }
  }

  private async setAside(refused: RefusedRow<Row>[]): Promise<void> {
    const rows = refused.map((r) => r.row);
    try {
      await this.options.deadLetter(refused);
      this.counts.deadLettered += refused.length;
      this.options.reporter.warn(
        { writer: this.options.name, rowCount: refused.length, ...describeDatabaseError(refused[0]?.error) },
        'log rows refused by the database were set aside in log_dead_letters',
      );
    } catch (error) {
      if (!isRefusedRow(error)) throw new Unwritten(error, rows);
      // The dead-letter table stores escaped JSON, so this is a bug; the log line is the rows' last trace.
      this.counts.dropped += refused.length;
      this.options.reporter.warn(
        { writer: this.options.name, err: error, rows },
        'refused log rows could not be set aside either; they are dropped',
      );
    } finally {
      this.inFlight -= refused.length;
    }
  }

  private backOff(failure: unknown): void {
    this.consecutiveFailures++;
    this.counts.retries++;
    const { initialMs, maxMs } = this.options.retryDelay ?? DEFAULT_RETRY_DELAY;
    const delayMs = Math.min(initialMs * 2 ** (this.consecutiveFailures - 1), maxMs);
    this.retryAt = Date.now() + delayMs;
    const described = describeDatabaseError(failure);
    this.lastError = { ...described, at: new Date().toISOString() };
    // The driver's message, not the wrapper's: drizzle's holds the statement with every row's values.
    this.options.reporter.warn(
      { writer: this.options.name, ...described, queued: this.pendingCount, retryInMs: delayMs },
      'log rows not written: the database is unavailable; they stay queued and are retried',
    );
    this.clearTimer();
    if (this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.run('retry').catch(() => undefined);
    }, delayMs);
    // A process shutting down during an outage does not wait for the next attempt.
    this.timer.unref();
  }

  private drop(): void {
    this.counts.dropped++;
    this.droppedSinceReport++;
    const now = Date.now();
    if (
      now - this.lastDropReportAt <
      (this.options.dropReportIntervalMs ?? DEFAULT_DROP_REPORT_INTERVAL_MS)
    ) {
      return;
    }
    this.options.reporter.warn(
      {
        writer: this.options.name,
        dropped: this.droppedSinceReport,
        queued: this.pendingCount,
        maxPendingRows: this.options.maxPendingRows,
      },
      'log queue full (the database is not keeping up): new rows are dropped',
    );
    this.lastDropReportAt = now;
    this.droppedSinceReport = 0;
  }
}
