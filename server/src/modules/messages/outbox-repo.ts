import { and, eq, inArray, sql } from 'drizzle-orm';
import { newId } from '../../platform/crypto/tokens';
import type { Database, Tx } from '../../platform/db/database';
import { messageOutbox } from './outbox-schema';
import { messageClasses, messagePreferences, userMessages } from './schema';

export type OutboxRecord = typeof messageOutbox.$inferSelect;

/** What a sender writes: one message, one channel, one recipient. */
export interface OutboxEntry {
  tenantId: string | null;
  accountId: string;
  channel: OutboxRecord['channel'];
  source: OutboxRecord['source'];
  content: string;
  title?: string | null;
  classId?: string | null;
  templateCode?: string | null;
  templateParams?: Record<string, string>;
  link?: string | null;
  priority?: OutboxRecord['priority'];
  mobile?: string | null;
  smsTemplateId?: string | null;
  smsParams?: { name: string; value: string }[] | null;
  createdBy?: string | null;
  /** Skipped at once, with the reason (an SMS to a member without a mobile number). */
  skippedBecause?: string;
}

type RawRow = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: RawRow[] }).rows;

/** The guard of every write after a claim: the row is still held by this instance. */
const heldBy = (id: string, instanceId: string) =>
  and(eq(messageOutbox.id, id), eq(messageOutbox.claimedBy, instanceId), eq(messageOutbox.status, 'sending'));

/**
 * The outbox's SQL. Writes by senders run in their caller's transaction (the message exists exactly
 * when what asked for it does); claims run in the platform scope, since one worker serves every tenant.
 */
export const outboxRepo = {
  enqueue: async (tx: Tx, entries: readonly OutboxEntry[]): Promise<string[]> => {
    if (entries.length === 0) return [];
    const values = entries.map((entry) => ({
      id: newId('mo-'),
      tenantId: entry.tenantId,
      accountId: entry.accountId,
      channel: entry.channel,
      source: entry.source,
      classId: entry.classId ?? null,
      templateCode: entry.templateCode ?? null,
      templateParams: entry.templateParams ?? {},
      title: entry.title ?? null,
      content: entry.content,
      link: entry.link ?? null,
      priority: entry.priority ?? 'normal',
      mobile: entry.mobile ?? null,
      smsTemplateId: entry.smsTemplateId ?? null,
      smsParams: entry.smsParams ?? null,
      createdBy: entry.createdBy ?? null,
      ...(entry.skippedBecause
        ? { status: 'skipped' as const, lastError: entry.skippedBecause, nextAttemptAt: null }
        : { status: 'pending' as const, nextAttemptAt: sql`now()` }),
    }));
    // In slices: a reminder to a whole tenant stays within the driver's parameter limit.
    for (let start = 0; start < values.length; start += 500) {
      await tx.insert(messageOutbox).values(values.slice(start, start + 500) as never);
    }
    return values.map((value) => value.id);
  },

  /**
   * Due rows (or, with `ids`, those of them that are due), and rows whose holder's lease ended, now
   * held by `instanceId` until the lease ends. FOR UPDATE SKIP LOCKED: two instances claiming at once
   * never get the same row, and neither waits for the other.
   */
  claim: (
    db: Database,
    claim: { instanceId: string; leaseMs: number; limit: number; ids?: readonly string[] },
  ): Promise<OutboxRecord[]> =>
    db.asPlatform(async (tx) => {
      const only = claim.ids
        ? sql`AND id IN (${sql.join(
            claim.ids.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql``;
      const claimed = rowsOf(
        await tx.execute(sql`
          UPDATE message_outbox SET status = 'sending', claimed_by = ${claim.instanceId},
            lease_until = now() + make_interval(secs => ${claim.leaseMs / 1000}),
            attempts = attempts + 1, updated_at = now()
          WHERE id IN (
            SELECT id FROM message_outbox
            WHERE ((status IN ('pending', 'failed') AND next_attempt_at <= now())
              OR (status = 'sending' AND lease_until < now())) ${only}
            ORDER BY next_attempt_at NULLS FIRST, id
            LIMIT ${claim.limit}
            FOR UPDATE SKIP LOCKED
          )
          RETURNING id`),
      ).map((row) => String(row.id));
      if (claimed.length === 0) return [];
      return tx.select().from(messageOutbox).where(inArray(messageOutbox.id, claimed));
    }),

  /** Still ours? Extends the lease; false when another instance took the row over. */
  confirmClaim: (db: Database, id: string, instanceId: string, leaseMs: number): Promise<boolean> =>
    db.asPlatform(async (tx) => {
      const held = await tx
        .update(messageOutbox)
        .set({ leaseUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
        .where(heldBy(id, instanceId))
        .returning({ id: messageOutbox.id });
      return held.length > 0;
    }),

  /** Sent (or skipped): false when the row was no longer ours, and nothing changed. */
  finish: async (
    tx: Tx,
    id: string,
    instanceId: string,
    outcome: { status: 'sent' } | { status: 'skipped'; reason: string },
  ): Promise<boolean> => {
    const done = await tx
      .update(messageOutbox)
      .set({
        status: outcome.status,
        sentAt: outcome.status === 'sent' ? sql`now()` : null,
        lastError: outcome.status === 'skipped' ? outcome.reason : null,
        leaseUntil: null,
        nextAttemptAt: null,
        updatedAt: sql`now()`,
        version: sql`${messageOutbox.version} + 1`,
      })
      .where(heldBy(id, instanceId))
      .returning({ id: messageOutbox.id });
    return done.length > 0;
  },

  failed: (
    db: Database,
    id: string,
    instanceId: string,
    outcome: { status: 'failed' | 'dead'; nextAttemptAt: Date | null; error: string },
  ): Promise<void> =>
    db.asPlatform(async (tx) => {
      await tx
        .update(messageOutbox)
        .set({
          status: outcome.status,
          nextAttemptAt: outcome.nextAttemptAt,
          lastError: outcome.error.slice(0, 1_000),
          leaseUntil: null,
          updatedAt: sql`now()`,
          version: sql`${messageOutbox.version} + 1`,
        })
        .where(heldBy(id, instanceId));
    }),

  /** Whether the member switched the row's class off (only a class that allows it counts). */
  switchedOff: async (tx: Tx, row: OutboxRecord): Promise<boolean> => {
    if (!row.tenantId || !row.classId) return false;
    const [found] = await tx
      .select({ enabled: messagePreferences.enabled })
      .from(messagePreferences)
      .innerJoin(
        messageClasses,
        and(
          eq(messageClasses.tenantId, messagePreferences.tenantId),
          eq(messageClasses.id, messagePreferences.classId),
        ),
      )
      .where(
        and(
          eq(messagePreferences.accountId, row.accountId),
          eq(messagePreferences.classId, row.classId),
          eq(messageClasses.userSwitchable, true),
        ),
      );
    return found?.enabled === false;
  },

  /** The member's in-app message; a second delivery of the same row finds the first (outbox_id). */
  writeInbox: async (tx: Tx, row: OutboxRecord): Promise<void> => {
    await tx
      .insert(userMessages)
      .values({
        tenantId: row.tenantId!,
        id: newId('um-'),
        accountId: row.accountId,
        classId: row.classId,
        templateCode: row.templateCode,
        outboxId: row.id,
        title: row.title ?? row.content.slice(0, 100),
        content: row.content,
        link: row.link,
        priority: row.priority,
      })
      .onConflictDoNothing({
        target: [userMessages.tenantId, userMessages.outboxId],
        where: sql`outbox_id IS NOT NULL`,
      });
  },

  /** A given-up row is due again, with a fresh count of attempts. */
  retry: async (tx: Tx, id: string): Promise<boolean> => {
    const again = await tx
      .update(messageOutbox)
      .set({
        status: 'pending',
        attempts: 0,
        nextAttemptAt: sql`now()`,
        claimedBy: null,
        updatedAt: sql`now()`,
        version: sql`${messageOutbox.version} + 1`,
      })
      .where(and(eq(messageOutbox.id, id), eq(messageOutbox.status, 'dead')))
      .returning({ id: messageOutbox.id });
    return again.length > 0;
  },

  /** Whether any message was sent with the template (a template in use is not deleted). */
  templateUsed: async (tx: Tx, templateCode: string): Promise<boolean> => {
    const [used] = await tx
      .select({ id: messageOutbox.id })
      .from(messageOutbox)
      .where(eq(messageOutbox.templateCode, templateCode))
      .limit(1);
    return used !== undefined;
  },

  statusOf: (db: Database, ids: readonly string[]) =>
    db.asPlatform((tx) =>
      tx
        .select({ id: messageOutbox.id, status: messageOutbox.status })
        .from(messageOutbox)
        .where(inArray(messageOutbox.id, [...ids])),
    ),
};
