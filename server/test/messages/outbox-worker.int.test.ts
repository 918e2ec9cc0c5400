import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSeedIfEmpty } from '../../src/db/seed/load-seed';
import { type OutboxEntry, outboxRepo } from '../../src/modules/messages/outbox-repo';
import { messageOutbox } from '../../src/modules/messages/outbox-schema';
import { createOutboxWorker, MESSAGES_DELIVERED_CHANNEL } from '../../src/modules/messages/outbox-worker';
import { messageClasses, messagePreferences, userMessages } from '../../src/modules/messages/schema';
import { SmsDeliveryError, type SmsMessage } from '../../src/platform/sms';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { accountIdOf } from '../support/fixtures';
import { DEMO_SEED, TEST_ADMIN_PASSWORD } from '../support/test-app';

const TENANT = 't-water';
const fast = { baseMs: 20, maxMs: 100, maxAttempts: 3 };

/** A vendor that records what it accepted, and fails while `failures` is above zero. */
const fakeVendor = () => {
  const accepted: SmsMessage[] = [];
  const vendor = {
    accepted,
    failures: 0,
    delayMs: 0,
    send: async (message: SmsMessage) => {
      if (vendor.delayMs) await new Promise((resolve) => setTimeout(resolve, vendor.delayMs));
      if (vendor.failures > 0) {
        vendor.failures -= 1;
        throw new SmsDeliveryError('fake', 'network', 'connection reset');
      }
      accepted.push(message);
    },
  };
  return vendor;
};

/** A gate a test opens when it chooses: holds a worker between its claim and its delivery. */
const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
};

/**
 * Issue 15, the outbox's delivery guarantees, with workers built here (no server, so no other
 * worker claims the rows): retries with backoff, takeover after a stop between claim and mark,
 * preferences, and two workers never sending one row twice.
 */
describe.each(testBackends())('the message outbox worker on $name', (backend) => {
  let infra: TestInfrastructure;
  let op: string;
  let admin: string;
  const published: string[] = [];

  const enqueue = (entries: Partial<OutboxEntry>[]) =>
    infra.db.withTenant(TENANT, (tx) =>
      outboxRepo.enqueue(
        tx,
        entries.map((entry) => ({
          tenantId: TENANT,
          accountId: op,
          channel: 'sms',
          source: 'api',
          content: '工单 W-1 已派发',
          mobile: '13900000002',
          ...entry,
        })),
      ),
    );
  const rowOf = async (id: string) => {
    const [row] = await infra.db.asPlatform((tx) =>
      tx.select().from(messageOutbox).where(eq(messageOutbox.id, id)),
    );
    return row!;
  };
  const inbox = (outboxId: string) =>
    infra.db.asPlatform((tx) => tx.select().from(userMessages).where(eq(userMessages.outboxId, outboxId)));
  /** Makes a failed row due now instead of after its backoff. */
  const dueNow = (id: string) =>
    infra.db.asPlatform((tx) =>
      tx.update(messageOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(messageOutbox.id, id)),
    );

  beforeAll(async () => {
    infra = await backend.open();
    await loadSeedIfEmpty(infra.db, {
      seedFile: DEMO_SEED,
      adminPassword: TEST_ADMIN_PASSWORD,
      dataDir: mkdtempSync(path.join(tmpdir(), 'uniwim-outbox-')),
    });
    op = await accountIdOf(infra.db, 'water.op');
    admin = await accountIdOf(infra.db, 'water.admin');
    await infra.pubsub.subscribe(MESSAGES_DELIVERED_CHANNEL, (message) => published.push(message));
  });
  afterAll(async () => {
    await infra?.close();
  });

  it('retries an SMS the vendor refused, with backoff, then gives up after the last attempt', async () => {
    const vendor = fakeVendor();
    const worker = createOutboxWorker({ db: infra.db, sms: vendor, pubsub: infra.pubsub, backoff: fast });
    const [id] = await enqueue([{}]);
    vendor.failures = 1;
    await worker.runOnce();
    const failed = await rowOf(id!);
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: expect.stringContaining('connection reset'),
    });
    // Not due before its backoff (at least half of 20 ms, jittered), due after.
    expect(failed.nextAttemptAt!.getTime()).toBeGreaterThan(failed.updatedAt.getTime());
    await dueNow(id!);
    await worker.runOnce();
    expect(await rowOf(id!)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(vendor.accepted.map((m) => m.text)).toEqual(['工单 W-1 已派发']);

    const [doomed] = await enqueue([{ content: '总是失败' }]);
    vendor.failures = 99;
    for (let attempt = 0; attempt < fast.maxAttempts; attempt++) {
      await dueNow(doomed!);
      await worker.runOnce();
    }
    expect(await rowOf(doomed!)).toMatchObject({ status: 'dead', attempts: 3, nextAttemptAt: null });
    vendor.failures = 0;
  });

  it('sends nothing twice when a worker stops between its claim and its mark and another takes over', async () => {
    const vendor = fakeVendor();
    const held = gate();
    const stalled = createOutboxWorker({
      db: infra.db,
      sms: vendor,
      pubsub: infra.pubsub,
      leaseMs: 300,
      afterClaim: () => held.opened,
    });
    const [sms, inApp] = await enqueue([
      { content: '重启测试短信' },
      { channel: 'in-app', title: '重启测试', content: '站内消息', mobile: null },
    ]);
    // The first instance claims both rows and stops there (as if its process froze or died).
    const stalledRun = stalled.runOnce();
    await expect.poll(async () => (await rowOf(sms!)).status).toBe('sending');
    // A new instance takes them over once the lease ended, and delivers each once.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const successor = createOutboxWorker({ db: infra.db, sms: vendor, pubsub: infra.pubsub });
    expect(await successor.runOnce()).toBe(2);
    // The first instance wakes up: it finds the rows are no longer its own and sends nothing.
    held.open();
    await stalledRun;
    expect(vendor.accepted.filter((m) => m.text === '重启测试短信')).toHaveLength(1);
    expect(await inbox(inApp!)).toHaveLength(1);
    expect((await rowOf(sms!)).status).toBe('sent');
    expect((await rowOf(inApp!)).status).toBe('sent');
    expect(published.map((m) => JSON.parse(m))).toContainEqual({ tenantId: TENANT, accountIds: [op] });
  });

  it('finishes the send under way when stopped, so the next instance finds nothing to send again', async () => {
    const vendor = fakeVendor();
    vendor.delayMs = 200;
    const first = createOutboxWorker({ db: infra.db, sms: vendor, pubsub: infra.pubsub, pollMs: 10_000 });
    const stop = await first.start();
    const [id] = await enqueue([{ content: '平滑停止' }]);
    first.poke();
    await expect.poll(async () => (await rowOf(id!)).status).toBe('sending');
    await stop();
    expect((await rowOf(id!)).status).toBe('sent');
    const next = createOutboxWorker({ db: infra.db, sms: vendor, pubsub: infra.pubsub });
    expect(await next.runOnce()).toBe(0);
    expect(vendor.accepted.filter((m) => m.text === '平滑停止')).toHaveLength(1);
  });

  it('never sends one row twice with two workers claiming at once', async () => {
    const vendor = fakeVendor();
    vendor.delayMs = 5;
    const ids = await enqueue(Array.from({ length: 40 }, (_, i) => ({ content: `并发-${i}` })));
    const workers = [1, 2].map(() =>
      createOutboxWorker({ db: infra.db, sms: vendor, pubsub: infra.pubsub, batchSize: 7 }),
    );
    const drain = async (worker: (typeof workers)[number]) => {
      while ((await worker.runOnce()) > 0);
    };
    await Promise.all(workers.map(drain));
    const texts = vendor.accepted.map((m) => m.text).filter((t) => t.startsWith('并发-'));
    expect(texts).toHaveLength(40);
    expect(new Set(texts).size).toBe(40);
    for (const id of ids) expect((await rowOf(id)).status).toBe('sent');
  });

  it('skips a class the member switched off, and an SMS to a member without a number', async () => {
    const vendor = fakeVendor();
    const worker = createOutboxWorker({ db: infra.db, sms: vendor, pubsub: infra.pubsub });
    await infra.db.withTenant(TENANT, async (tx) => {
      await tx.insert(messageClasses).values([
        {
          tenantId: TENANT,
          id: 'mc-optional',
          name: '可关闭',
          channels: ['in-app', 'sms'],
          userSwitchable: true,
        },
        {
          tenantId: TENANT,
          id: 'mc-required',
          name: '不可关闭',
          channels: ['in-app'],
          userSwitchable: false,
        },
      ]);
      await tx.insert(messagePreferences).values([
        { tenantId: TENANT, accountId: op, classId: 'mc-optional', enabled: false },
        // A preference of a class that does not allow switching off does not count.
        { tenantId: TENANT, accountId: op, classId: 'mc-required', enabled: false },
      ]);
    });
    const [offInApp, offSms, required, otherMember] = await enqueue([
      { channel: 'in-app', classId: 'mc-optional', mobile: null },
      { channel: 'sms', classId: 'mc-optional', content: '关闭的分类' },
      { channel: 'in-app', classId: 'mc-required', mobile: null },
      { channel: 'in-app', classId: 'mc-optional', accountId: admin, mobile: null },
    ]);
    const [noMobile] = await enqueue([{ mobile: null, skippedBecause: '接收人没有手机号' }]);
    await worker.runOnce();
    expect((await rowOf(offInApp!)).status).toBe('skipped');
    expect((await rowOf(offSms!)).status).toBe('skipped');
    expect(await inbox(offInApp!)).toHaveLength(0);
    expect(vendor.accepted.map((m) => m.text)).not.toContain('关闭的分类');
    expect((await rowOf(required!)).status).toBe('sent');
    expect((await rowOf(otherMember!)).status).toBe('sent');
    expect(await rowOf(noMobile!)).toMatchObject({
      status: 'skipped',
      lastError: '接收人没有手机号',
      attempts: 0,
    });
  });
});
