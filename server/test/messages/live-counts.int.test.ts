import { MESSAGES_DELIVERED_CHANNEL, type ShellLiveMessage } from '@uniwim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { seedUserMessages } from '../../src/modules/message-centre/seed-messages';
import type { PubSub } from '../../src/platform/pubsub/pubsub';
import { createApiClient, tokenOf } from '../support/api-clients';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { accountIdOf, bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

type Live = ShellLiveMessage;
type DataOf = { [K in Live['type']]: Extract<Live, { type: K }>['data'] };

/** A shell's socket of the header's live counts, its messages kept in order. */
const openShellSocket = async (app: TestApp, token: string) => {
  await app.server.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
  const { port } = app.server.server.address() as { port: number };
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ump/shell/stream?token=${token}`);
  const received: Live[] = [];
  socket.on('message', (raw) => received.push(JSON.parse(String(raw)) as Live));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const of = <T extends Live['type']>(type: T) =>
    received.filter((message) => message.type === type).map((message) => message.data as DataOf[T]);
  /** Waits until a message of `type` arrives that `fits`, at most `ms`. */
  const until = async <T extends Live['type']>(type: T, fits: (data: DataOf[T]) => boolean, ms = 2_000) => {
    const started = Date.now();
    while (Date.now() - started < ms) {
      for (const data of of(type)) if (fits(data)) return data;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return undefined;
  };
  return { of, until, close: () => socket.close() };
};

/**
 * Issue 15: the header's unread message count and open to-do count reach the member's open shells
 * within 2 s on every instance (two instances sharing the database and the pub/sub), and only
 * theirs: no other member's, no other tenant's shell hears of it.
 */
describe.each(testBackends())('live header counts across two instances sharing $name', (backend) => {
  let infra: TestInfrastructure;
  let closeSibling: () => Promise<void>;
  let a: TestApp;
  let b: TestApp;
  let pubsubOfB: PubSub;

  beforeAll(async () => {
    infra = await backend.open();
    if (backend.name === 'pglite+memory') {
      a = await startTestApp(infra);
      b = await startTestApp(infra);
      pubsubOfB = infra.pubsub;
      closeSibling = async () => undefined;
    } else {
      const sibling = await infra.openSibling();
      a = await startTestApp(infra);
      b = await startTestApp(sibling);
      pubsubOfB = sibling.pubsub;
      closeSibling = () => sibling.close();
    }
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await closeSibling?.();
    await infra?.close();
  });

  it('sends the counts at once, and a delivered message to its member only, within 2 s', async () => {
    const opId = await accountIdOf(infra.db, 'water.op');
    const op = await openShellSocket(a, await tokenFor(a, infra.db, 'water.op', 't-water'));
    const colleague = await openShellSocket(a, await tokenFor(a, infra.db, 'water.admin', 't-water'));
    const otherTenant = await openShellSocket(a, await tokenFor(a, infra.db, 'energy.staff', 't-energy'));
    try {
      expect(await op.until('messages', () => true)).toEqual({ unread: 0 });
      expect(await op.until('todos', () => true)).toBeDefined();
      expect(await op.until('unread', () => true)).toBeDefined();
      expect(await colleague.until('messages', () => true)).toEqual({ unread: 0 });
      expect(await otherTenant.until('messages', () => true)).toEqual({ unread: 0 });

      // As the outbox does it: the row, then the announcement on the other instance.
      const [id] = await seedUserMessages(infra.db, 't-water', [
        { accountId: opId, title: '工单已派发', content: '请处理' },
      ]);
      const sentAt = Date.now();
      await pubsubOfB.publish(
        MESSAGES_DELIVERED_CHANNEL,
        JSON.stringify({ tenantId: 't-water', accountIds: [opId] }),
      );
      expect(await op.until('messages', (count) => count.unread === 1)).toEqual({ unread: 1 });
      expect(Date.now() - sentAt).toBeLessThan(2_000);
      // The same account id announced for another tenant reaches nobody of that tenant.
      await pubsubOfB.publish(
        MESSAGES_DELIVERED_CHANNEL,
        JSON.stringify({ tenantId: 't-energy', accountIds: [opId] }),
      );

      // A read on the other instance lowers the count in this shell too.
      const read = await b.server.inject({
        method: 'POST',
        url: `/ump/messages/${id}/read`,
        headers: bearer(await tokenFor(b, infra.db, 'water.op', 't-water')),
        payload: {},
      });
      expect(read.statusCode, read.body).toBe(200);
      expect(
        await op.until('messages', (count) => count.unread === 0 && op.of('messages').length > 2),
      ).toEqual({ unread: 0 });

      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(colleague.of('messages')).toEqual([{ unread: 0 }]);
      expect(otherTenant.of('messages')).toEqual([{ unread: 0 }]);
    } finally {
      op.close();
      colleague.close();
      otherTenant.close();
    }
  });

  it('raises the member’s to-do count when an application posts one on the other instance, and lowers it on done', async () => {
    const platform = bearer(await tokenFor(b, infra.db, 'admin', null));
    const client = bearer(
      await tokenOf(b, await createApiClient(b, platform, { name: '工单系统', scopes: ['todo:write'] })),
    );
    const op = await openShellSocket(a, await tokenFor(a, infra.db, 'water.op', 't-water'));
    const colleague = await openShellSocket(a, await tokenFor(a, infra.db, 'water.admin', 't-water'));
    const otherTenant = await openShellSocket(a, await tokenFor(a, infra.db, 'energy.staff', 't-energy'));
    try {
      const first = await op.until('todos', () => true);
      expect(first).toBeDefined();
      await colleague.until('todos', () => true);
      await otherTenant.until('todos', () => true);

      const postedAt = Date.now();
      const posted = await b.server.inject({
        method: 'POST',
        url: '/ump/todos',
        headers: client,
        payload: { username: 'water.op', title: '审批：采购申请' },
      });
      expect(posted.statusCode, posted.body).toBe(200);
      const risen = await op.until('todos', (count) => count.open === first!.open + 1);
      expect(risen).toBeDefined();
      expect(Date.now() - postedAt).toBeLessThan(2_000);

      const done = await b.server.inject({
        method: 'POST',
        url: `/ump/todos/${posted.json().Response.id}/done`,
        headers: bearer(await tokenFor(b, infra.db, 'water.op', 't-water')),
        payload: {},
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(
        await op.until('todos', (count) => count.open === first!.open && op.of('todos').length > 2),
      ).toBeDefined();

      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(colleague.of('todos')).toHaveLength(1);
      expect(otherTenant.of('todos')).toHaveLength(1);
    } finally {
      op.close();
      colleague.close();
      otherTenant.close();
    }
  });

  it('refuses the socket without a valid token', async () => {
    await a.server.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
    const { port } = a.server.server.address() as { port: number };
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ump/shell/stream?token=not-a-token`);
    const outcome = await new Promise<string>((resolve) => {
      socket.once('open', () => resolve('open'));
      socket.once('unexpected-response', (_request, response) => resolve(String(response.statusCode)));
      socket.once('error', () => resolve('error'));
    });
    socket.close();
    expect(outcome).toBe('401');
  });
});
