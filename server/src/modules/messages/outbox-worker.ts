import { randomUUID } from 'node:crypto';
import type { Database } from '../../platform/db/database';
import type { PubSub } from '../../platform/pubsub/pubsub';
import { isSmsDeliveryError, type SmsProvider } from '../../platform/sms';
import { afterFailure, type BackoffPolicy, DEFAULT_BACKOFF } from './outbox-backoff';
import { type OutboxRecord, outboxRepo as repo } from './outbox-repo';

/**
 * Published after in-app messages were written: `{"tenantId": "...", "accountIds": ["..."]}`. The
 * message centre listens to make the header's unread count live on every instance.
 */
export const MESSAGES_DELIVERED_CHANNEL = 'messages-delivered';

/** What the outbox remembers of a failure: never the number or the text (the vendor's reason). */
const reasonOf = (error: unknown): string =>
  isSmsDeliveryError(error) ? error.message : error instanceof Error ? error.message : String(error);

/** A vendor that cannot take the message now will not take it later either: no retry. */
const isPermanent = (error: unknown) =>
  isSmsDeliveryError(error) && (error.kind === 'not-configured' || error.kind === 'bad-message');

/** The row was taken over by another instance (our lease ended): its transaction is undone. */
class ClaimLost extends Error {}

export interface OutboxWorkerOptions {
  db: Database;
  sms: Pick<SmsProvider, 'send'>;
  pubsub: Pick<PubSub, 'publish'>;
  /** This instance, as written in claimed_by. */
  instanceId?: string;
  backoff?: BackoffPolicy;
  /** How long a claim holds a row: longer than the slowest vendor call (SMS_TIMEOUT_MS). */
  leaseMs?: number;
  /** How often an idle worker looks for due rows (senders wake their own instance's at once). */
  pollMs?: number;
  batchSize?: number;
  onError?(error: unknown): void;
  /** Tests: runs between the claim and the delivery of each row. */
  afterClaim?(row: OutboxRecord): Promise<void>;
  random?: () => number;
}

export type OutboxStatus = OutboxRecord['status'];

/**
 * Delivers the outbox: claims due rows (any instance; each row by one), writes in-app messages and
 * sends SMS, and schedules failures again with backoff.
 *
 * In-app: the member's message and the row's 'sent' are one transaction, and user_messages is unique
 * per outbox row, so an in-app message is delivered exactly once whatever stops when.
 * SMS: at least once. The vendor call cannot join a transaction: an instance that dies after the
 * vendor accepted and before 'sent' was written leaves the row to be claimed again when its lease
 * ends, and that SMS goes twice. The window is one vendor call; a graceful stop waits for it.
 */
export const createOutboxWorker = (options: OutboxWorkerOptions) => {
  const { db } = options;
  const instanceId = options.instanceId ?? `outbox-${randomUUID()}`;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const leaseMs = options.leaseMs ?? 120_000;
  const batchSize = options.batchSize ?? 50;
  const random = options.random ?? Math.random;
  const report = (error: unknown) => options.onError?.(error);

  const fail = async (row: OutboxRecord, error: unknown) => {
    const next = isPermanent(error)
      ? { status: 'dead' as const, nextAttemptAt: null }
      : afterFailure(backoff, row.attempts, new Date(), random);
    await repo.failed(db, row.id, instanceId, { ...next, error: reasonOf(error) });
    return next.status;
  };

  const deliverInApp = async (row: OutboxRecord): Promise<OutboxStatus> =>
    db.withTenant(row.tenantId!, async (tx) => {
      const off = await repo.switchedOff(tx, row);
      if (!off) await repo.writeInbox(tx, row);
      const outcome = off
        ? { status: 'skipped' as const, reason: '接收人已关闭该分类的消息' }
        : { status: 'sent' as const };
      if (!(await repo.finish(tx, row.id, instanceId, outcome))) throw new ClaimLost();
      return outcome.status;
    });

  const deliverSms = async (row: OutboxRecord): Promise<OutboxStatus | null> => {
    // Checked again just before the vendor call: a worker that stalled past its lease sends nothing.
    if (!(await repo.confirmClaim(db, row.id, instanceId, leaseMs))) return null;
    const off = row.tenantId ? await db.withTenant(row.tenantId, (tx) => repo.switchedOff(tx, row)) : false;
    if (off) {
      await db.asPlatform((tx) =>
        repo.finish(tx, row.id, instanceId, { status: 'skipped', reason: '接收人已关闭该分类的消息' }),
      );
      return 'skipped';
    }
    try {
      await options.sms.send({
        mobile: row.mobile!,
        template: 'message',
        params: { content: row.content },
        text: row.content,
        ...(row.smsTemplateId
          ? { vendorTemplate: { id: row.smsTemplateId, values: row.smsParams ?? [] } }
          : {}),
      });
    } catch (error) {
      return fail(row, error);
    }
    await db.asPlatform((tx) => repo.finish(tx, row.id, instanceId, { status: 'sent' }));
    return 'sent';
  };

  /** One claimed row to its end for this attempt; null when another instance took it over. */
  const deliver = async (row: OutboxRecord): Promise<OutboxStatus | null> => {
    try {
      await options.afterClaim?.(row);
      return row.channel === 'in-app' ? await deliverInApp(row) : await deliverSms(row);
    } catch (error) {
      if (error instanceof ClaimLost) return null;
      // A failure of our own (the database went away mid-delivery): the row is tried again.
      report(error);
      return fail(row, error).catch((again: unknown) => {
        report(again);
        return null;
      });
    }
  };

  /** Tells the open shells of the members whose in-app messages were written. */
  const announce = async (delivered: OutboxRecord[]) => {
    const byTenant = new Map<string, Set<string>>();
    for (const row of delivered) {
      if (!row.tenantId) continue;
      const accounts = byTenant.get(row.tenantId) ?? new Set<string>();
      accounts.add(row.accountId);
      byTenant.set(row.tenantId, accounts);
    }
    for (const [tenantId, accounts] of byTenant) {
      await options.pubsub
        .publish(MESSAGES_DELIVERED_CHANNEL, JSON.stringify({ tenantId, accountIds: [...accounts] }))
        .catch(report);
    }
  };

  let inFlight = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => undefined);
    return work;
  };

  /** Claims and delivers one batch (a few rows at a time); answers each claimed row's outcome. */
  const runBatch = (ids?: readonly string[]) =>
    track(
      (async () => {
        const rows = await repo.claim(db, { instanceId, leaseMs, limit: ids ? ids.length : batchSize, ids });
        const outcomes = new Map<string, OutboxStatus | null>();
        for (let start = 0; start < rows.length; start += 8) {
          const slice = rows.slice(start, start + 8);
          const done = await Promise.all(slice.map(deliver));
          for (const [i, row] of slice.entries()) outcomes.set(row.id, done[i]!);
        }
        await announce(rows.filter((row) => row.channel === 'in-app' && outcomes.get(row.id) === 'sent'));
        return outcomes;
      })(),
    );

  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let running: Promise<unknown> | null = null;
  let again = false;

  /** Batches until nothing is due, then waits for the next poll (or a poke). */
  const loop = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = (async () => {
      try {
        let claimed: number;
        do {
          again = false;
          claimed = (await runBatch()).size;
        } while (!stopped && (claimed > 0 || again));
      } catch (error) {
        report(error);
      } finally {
        running = null;
        if (!stopped) {
          timer = setTimeout(loop, options.pollMs ?? 5_000);
          timer.unref();
        }
      }
    })();
  };

  return {
    instanceId,
    /** Tests: one batch now, whatever the loop is doing. */
    runOnce: async () => (await runBatch()).size,
    /**
     * These rows now, if due: a sender that answers after the first attempt. Answers each row's
     * status after it (a row another worker holds answers its current status).
     */
    deliverNow: async (ids: readonly string[]): Promise<Map<string, OutboxStatus>> => {
      const outcomes = ids.length > 0 ? await runBatch(ids) : new Map();
      const statuses = new Map<string, OutboxStatus>();
      const unknown = ids.filter((id) => !outcomes.get(id));
      for (const row of unknown.length > 0 ? await repo.statusOf(db, unknown) : [])
        statuses.set(row.id, row.status);
      for (const [id, status] of outcomes) if (status) statuses.set(id, status);
      return statuses;
    },
    /** New rows were written: this instance looks at once rather than at its next poll. */
    poke: () => {
      if (!stopped) setImmediate(loop);
    },
    /** Starts the loop; answers the function that stops it once the deliveries under way ended. */
    start: async () => {
      stopped = false;
      loop();
      return async () => {
        stopped = true;
        clearTimeout(timer);
        await running;
        const pending = [...inFlight];
        inFlight = new Set();
        await Promise.allSettled(pending);
      };
    },
  };
};

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
