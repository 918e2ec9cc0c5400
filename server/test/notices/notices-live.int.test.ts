import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { userMessages } from '../../src/modules/messages/schema';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { outboxMessages } from '../support/sms-outbox';
import { startTestApp, type TestApp } from '../support/test-app';
import { NOTICE_MOBILE, seedNoticePeople } from './notice-people';

interface Unread {
  unread: number;
  toConfirm: number;
}

/** A shell's socket of the header's notice count, its messages kept in order. */
const openCountSocket = async (app: TestApp, token: string) => {
  await app.server.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
  const { port } = app.server.server.address() as { port: number };
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ump/notices/stream?token=${token}`);
  const counts: Unread[] = [];
  const reminders: { id: string; title: string }[] = [];
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as { type: string; data: unknown };
    if (message.type === 'unread') counts.push(message.data as Unread);
    if (message.type === 'remind') reminders.push(message.data as { id: string; title: string });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  /** Waits until a count arrives that `fits`, at most `ms`. */
  const until = async (fits: (count: Unread) => boolean, ms = 2_000) => {
    const started = Date.now();
    while (Date.now() - started < ms) {
      const found = counts.find(fits);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return undefined;
  };
  return { counts, reminders, until, close: () => socket.close() };
};

/**
 * Issue 15: a published notice reaches the open shells of its audience within 2 s on every
 * instance (two instances sharing the database and the pub/sub), and no shell of another tenant
 * or outside the audience learns of it.
 */
describe.each(testBackends())('live notice counts across two instances sharing $name', (backend) => {
  let infra: TestInfrastructure;
  let closeSibling: () => Promise<void>;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    infra = await backend.open();
    if (backend.name === 'pglite+memory') {
      a = await startTestApp(infra);
      b = await startTestApp(infra);
      closeSibling = async () => undefined;
    } else {
      const sibling = await infra.openSibling();
      a = await startTestApp(infra);
      b = await startTestApp(sibling);
      closeSibling = () => sibling.close();
    }
    await seedNoticePeople(infra.db);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await closeSibling?.();
    await infra?.close();
  });

  it('tells the audience’s shells on the other instance within 2 s, and nobody else', async () => {
    const inAudience = await openCountSocket(a, await tokenFor(a, infra.db, 'nt-u2', 't-water'));
    const outside = await openCountSocket(a, await tokenFor(a, infra.db, 'nt-u3', 't-water'));
    const otherTenant = await openCountSocket(a, await tokenFor(a, infra.db, 'energy.staff', 't-energy'));
    try {
      // Each shell gets its count at once.
      const first = await inAudience.until(() => true);
      expect(first).toEqual({ unread: 0, toConfirm: 0 });
      expect(await outside.until(() => true)).toBeDefined();
      expect(await otherTenant.until(() => true)).toBeDefined();

      const admin = bearer(await tokenFor(b, infra.db, 'water.admin', 't-water'));
      const created = await b.server.inject({
        method: 'POST',
        url: '/ump/admin/notices',
        headers: admin,
        payload: {
          title: '必读：安全生产',
          type: 'notice',
          body: '<p>请确认</p>',
          audienceKind: 'departments',
          departmentIds: ['nt-parent'],
          mustRead: true,
        },
      });
      expect(created.statusCode, created.body).toBe(200);
      const publishedAt = Date.now();
      const published = await b.server.inject({
        method: 'POST',
        url: `/ump/admin/notices/${created.json().Response.id}/publish`,
        headers: admin,
        payload: {},
      });
      expect(published.statusCode, published.body).toBe(200);

      const risen = await inAudience.until((count) => count.unread === 1);
      expect(risen).toEqual({ unread: 1, toConfirm: 1 });
      expect(Date.now() - publishedAt).toBeLessThan(2_000);
      // The others were told their own count (unchanged), or nothing: never the notice.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(outside.counts.every((count) => count.unread === 0)).toBe(true);
      expect(otherTenant.counts).toEqual([{ unread: 0, toConfirm: 0 }]);
    } finally {
      inAudience.close();
      outside.close();
      otherTenant.close();
    }
  });

  it('reminds those who have not read it, in their open shells on any instance and by text message, once in ten minutes', async () => {
    const admin = bearer(await tokenFor(b, infra.db, 'water.admin', 't-water'));
    const onB = async (url: string, payload: object = {}) =>
      b.server.inject({ method: 'POST', url, headers: admin, payload });
    const created = await onB('/ump/admin/notices', {
      title: '提醒测试',
      type: 'notice',
      body: '<p>请阅读</p>',
      audienceKind: 'departments',
      departmentIds: ['nt-parent'],
    });
    const id = created.json().Response.id as string;
    const draft = await onB(`/ump/admin/notices/${id}/remind`);
    expect(draft.statusCode, draft.body).toBe(422);
    expect(draft.json().Error).toBe('NOTICE_NOT_REMINDABLE');
    expect((await onB(`/ump/admin/notices/${id}/publish`)).statusCode).toBe(200);

    const u1 = await openCountSocket(a, await tokenFor(a, infra.db, 'nt-u1', 't-water'));
    const u2 = await openCountSocket(a, await tokenFor(a, infra.db, 'nt-u2', 't-water'));
    try {
      // nt-u2 read it: only nt-u1 is reminded.
      const read = await a.server.inject({
        method: 'GET',
        url: `/ump/notices/${id}`,
        headers: bearer(await tokenFor(a, infra.db, 'nt-u2', 't-water')),
      });
      expect(read.statusCode).toBe(200);
      // The text goes through the message outbox: either instance's worker may deliver it.
      const texts = () => [...outboxMessages(a.config.dataDir), ...outboxMessages(b.config.dataDir)];
      const sentBefore = texts().length;
      const reminded = await onB(`/ump/admin/notices/${id}/remind`, { sms: true });
      expect(reminded.statusCode, reminded.body).toBe(200);
      expect(reminded.json().Response).toMatchObject({ id, remindedCount: 1, smsCount: 1 });
      const started = Date.now();
      while (u1.reminders.length === 0 && Date.now() - started < 2_000) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(u1.reminders).toEqual([{ id, title: '提醒测试' }]);
      expect(u2.reminders).toEqual([]);
      await expect.poll(() => texts().length, { timeout: 5_000 }).toBe(sentBefore + 1);
      const sent = texts().slice(sentBefore);
      expect(sent).toEqual([expect.objectContaining({ mobile: NOTICE_MOBILE, template: 'message' })]);
      expect(sent[0]!.text).toContain('提醒测试');
      // And an in-app message in the message centre of the one who has not read it.
      const inApp = async () =>
        (
          await infra.db.asPlatform((tx) =>
            tx.select().from(userMessages).where(eq(userMessages.title, '通知公告提醒')),
          )
        ).map((m) => ({ accountId: m.accountId, link: m.link }));
      await expect.poll(inApp).toEqual([{ accountId: 'nt-u1', link: '/umpNoticeDetail' }]);

      const again = await onB(`/ump/admin/notices/${id}/remind`, { sms: true });
      expect(again.statusCode).toBe(422);
      expect(again.json().Error).toBe('NOTICE_REMIND_TOO_SOON');
    } finally {
      u1.close();
      u2.close();
    }
  });
});
