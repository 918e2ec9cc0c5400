import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';
import { seedNoticePeople } from './notice-people';

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
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as { type: string; data: Unread };
    if (message.type === 'unread') counts.push(message.data);
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
  return { counts, until, close: () => socket.close() };
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
});
