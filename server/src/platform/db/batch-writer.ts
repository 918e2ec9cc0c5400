import { AppError } from '../errors';

const notReady = (): never => {
  throw new AppError('NOT_READY', '日志服务暂不可用，请稍后再试');
};

export interface BatchWriterOptions<Row> {
  /** Rows wait at most this long before they are written. */
  flushIntervalMs: number;
  /** A write takes at most this many rows; a flush starts at once when this many are waiting. */
  maxBatchRows: number;
  /**
   * Above this many waiting rows, add() waits for the writes to catch up (back-pressure) instead of
   * growing memory without bound; if the database is failing it refuses with NOT_READY.
   */
  maxPendingRows: number;
  /** Rows of one group are written together (one transaction each): e.g. the tenant for row-level security. */
  groupOf(row: Row): string;
  write(group: string, rows: Row[]): Promise<void>;
  /** A write failed; its rows stay queued and are retried after retryDelayMs. */
  onWriteError(error: unknown, rowCount: number): void;
  retryDelayMs?: number;
}

/**
 * Collects rows in memory and writes them in groups with one multi-row statement each, so a caller
 * answers at once and the database sees a few large inserts instead of thousands of small ones.
 * Writes never overlap. Rows of a failed group stay queued (nothing is dropped) and are retried;
 * groups already written are not written again. close() writes everything still waiting, and rows
 * added after close() (requests finishing during shutdown) are written before add() resolves.
 */
export class BatchWriter<Row> {
  private pending: Row[] = [];
  /** Rows taken out of `pending` by the write under way and not yet stored. */
  private inFlight = 0;
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<void> = Promise.resolve();
  private lastWriteFailed = false;
  private closed = false;

  constructor(private readonly options: BatchWriterOptions<Row>) {}

  /** Rows queued or being written, not yet stored. */
  get pendingCount(): number {
    return this.pending.length + this.inFlight;
  }

  async add(row: Row): Promise<void> {
    this.pending.push(row);
    if (this.closed) return this.flush().catch(notReady);
    if (this.pending.length >= this.options.maxBatchRows) {
      this.flushInBackground();
    } else {
      this.schedule(this.options.flushIntervalMs);
    }
    if (this.pending.length > this.options.maxPendingRows) {
      if (this.lastWriteFailed) {
        // Keep the row (it is queued) but tell the caller the system is not keeping up.
        notReady();
      }
      await this.flush().catch(notReady);
    }
  }

  /** Writes every row queued so far; resolves when they are stored, rejects if a write failed. */
  flush(): Promise<void> {
    this.clearTimer();
    const run = this.chain.catch(() => undefined).then(() => this.drain());
    this.chain = run;
    return run;
  }

  /** Stops the timer and writes what is waiting; later rows are written as they arrive. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }

  private flushInBackground(): void {
    // Failures are reported through onWriteError and retried; nobody awaits this flush.
    this.flush().catch(() => undefined);
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

  private async drain(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, this.options.maxBatchRows);
      this.inFlight = batch.length;
      const groups = new Map<string, Row[]>();
      for (const row of batch) {
        const key = this.options.groupOf(row);
        const group = groups.get(key);
        if (group) group.push(row);
        else groups.set(key, [row]);
      }
      for (const [key, rows] of groups) {
        try {
          await this.options.write(key, rows);
          groups.delete(key);
          this.inFlight -= rows.length;
        } catch (error) {
          // Put back only what was not written, ahead of newer rows, and try again later.
          this.pending.unshift(...[...groups.values()].flat());
          this.inFlight = 0;
          this.lastWriteFailed = true;
          this.options.onWriteError(error, rows.length);
          this.schedule(this.options.retryDelayMs ?? 1_000);
          throw error;
        }
      }
      this.lastWriteFailed = false;
    }
  }
}
