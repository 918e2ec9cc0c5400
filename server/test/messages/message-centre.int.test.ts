import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUserMessages } from '../../src/modules/message-centre/seed-messages';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { accountIdOf, bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT';

/**
 * Issue 15, the header's 消息: a member's message centre lists, counts and marks read only their
 * own messages of the active tenant; preferences switch only classes the tenant lets them switch.
 */
describe.each(testBackends())('the message centre on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let waterOp: Headers;
  let waterAdmin: Headers;
  let energyStaff: Headers;
  let opId: string;
  let adminId: string;
  let energyId: string;
  let opMessages: string[];
  let adminMessages: string[];
  let energyMessages: string[];

  const call = (method: Method, url: string, headers: Headers, payload?: object) =>
    app.server.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? (method === 'GET' ? {} : { payload: {} }) : { payload }),
    });
  const ok = async (method: Method, url: string, headers: Headers, payload?: object) => {
    const res = await call(method, url, headers, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json().Response;
  };
  const unread = async (headers: Headers) =>
    (await ok('GET', '/ump/messages/unread', headers)).unread as number;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    waterOp = bearer(await tokenFor(app, infra.db, 'water.op', 't-water'));
    waterAdmin = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    energyStaff = bearer(await tokenFor(app, infra.db, 'energy.staff', 't-energy'));
    opId = await accountIdOf(infra.db, 'water.op');
    adminId = await accountIdOf(infra.db, 'water.admin');
    energyId = await accountIdOf(infra.db, 'energy.staff');
    await infra.db.asPlatform(async (tx) => {
      await tx.execute(sql`INSERT INTO message_classes (tenant_id, id, name, channels, user_switchable) VALUES
        ('t-water', 'mc-notify', '业务提醒', ARRAY['in-app'], true),
        ('t-water', 'mc-security', '安全告警', ARRAY['in-app', 'sms'], false),
        ('t-energy', 'mc-energy', '能源提醒', ARRAY['in-app'], true)`);
    });
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    opMessages = await seedUserMessages(infra.db, 't-water', [
      { accountId: opId, title: '最早的消息', content: '一', classId: 'mc-notify', createdAt: at(30) },
      { accountId: opId, title: '安全告警', content: '二', classId: 'mc-security', createdAt: at(20) },
      {
        accountId: opId,
        title: '工单待审批',
        content: '三',
        classId: 'mc-notify',
        link: '/todoList',
        createdAt: at(10),
      },
    ]);
    adminMessages = await seedUserMessages(infra.db, 't-water', [
      { accountId: adminId, title: '管理员的消息', content: '四', createdAt: at(5) },
    ]);
    energyMessages = await seedUserMessages(infra.db, 't-energy', [
      { accountId: energyId, title: '能源租户的消息', content: '五', classId: 'mc-energy' },
    ]);
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  it('lists the member’s own messages newest first, with the class, paged and filtered', async () => {
    const page = await ok('GET', '/ump/messages?page=1&pageSize=2', waterOp);
    expect(page.total).toBe(3);
    expect(page.items.map((item: { title: string }) => item.title)).toEqual(['工单待审批', '安全告警']);
    expect(page.items[0]).toMatchObject({ className: '业务提醒', link: '/todoList', readAt: null });
    const second = await ok('GET', '/ump/messages?page=2&pageSize=2', waterOp);
    expect(second.items.map((item: { title: string }) => item.title)).toEqual(['最早的消息']);
    const ofClass = await ok('GET', '/ump/messages?classId=mc-security', waterOp);
    expect(ofClass.items.map((item: { id: string }) => item.id)).toEqual([opMessages[1]]);
    expect(await unread(waterOp)).toBe(3);
    // Another tenant's member sees only their own.
    const energy = await ok('GET', '/ump/messages', energyStaff);
    expect(energy.items.map((item: { id: string }) => item.id)).toEqual(energyMessages);
  });

  it('marks one and several read, all or none, never another member’s or another tenant’s', async () => {
    const one = await ok('POST', `/ump/messages/${opMessages[2]}/read`, waterOp);
    expect(one).toEqual({ updated: 1, unread: 2 });
    // Read twice: still read once.
    expect(await ok('POST', `/ump/messages/${opMessages[2]}/read`, waterOp)).toEqual({
      updated: 0,
      unread: 2,
    });
    const unreadOnly = await ok('GET', '/ump/messages?unread=true', waterOp);
    expect(unreadOnly.items.map((item: { id: string }) => item.id)).toEqual([opMessages[1], opMessages[0]]);

    for (const foreign of [adminMessages[0], energyMessages[0]]) {
      const refused = await call('POST', `/ump/messages/${foreign}/read`, waterOp);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().Error).toBe('MESSAGE_NOT_FOUND');
    }
    // One foreign id among own ones: nothing changes.
    const mixed = await call('POST', '/ump/messages/read', waterOp, {
      ids: [opMessages[0], adminMessages[0]],
    });
    expect(mixed.statusCode).toBe(404);
    expect(await unread(waterOp)).toBe(2);
    expect(await unread(waterAdmin)).toBe(1);
    expect(await unread(energyStaff)).toBe(1);

    expect(await ok('POST', '/ump/messages/read', waterOp, { ids: [opMessages[0]] })).toEqual({
      updated: 1,
      unread: 1,
    });
    const empty = await call('POST', '/ump/messages/read', waterOp, { ids: [] });
    expect(empty.statusCode).toBe(400);
  });

  it('marks all of the member’s messages read and nobody else’s', async () => {
    expect(await ok('POST', '/ump/messages/read-all', waterOp)).toEqual({ updated: 1, unread: 0 });
    const read = await ok('GET', '/ump/messages?unread=false', waterOp);
    expect(read.total).toBe(3);
    expect(await unread(waterAdmin)).toBe(1);
    expect(await unread(energyStaff)).toBe(1);
  });

  it('lists the tenant’s classes as preferences and switches only the switchable ones', async () => {
    const before = await ok('GET', '/ump/messages/preferences', waterOp);
    expect(before.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ classId: 'mc-security', userSwitchable: false, enabled: true }),
        expect.objectContaining({ classId: 'mc-notify', userSwitchable: true, enabled: true }),
      ]),
    );
    expect(before.items.some((item: { classId: string }) => item.classId === 'mc-energy')).toBe(false);
    const off = await ok('PUT', '/ump/messages/preferences/mc-notify', waterOp, { enabled: false });
    expect(off).toMatchObject({ classId: 'mc-notify', enabled: false });
    const after = await ok('GET', '/ump/messages/preferences', waterOp);
    expect(after.items.find((item: { classId: string }) => item.classId === 'mc-notify').enabled).toBe(false);
    // Another member of the tenant keeps theirs.
    const admins = await ok('GET', '/ump/messages/preferences', waterAdmin);
    expect(admins.items.find((item: { classId: string }) => item.classId === 'mc-notify').enabled).toBe(true);

    const mandatory = await call('PUT', '/ump/messages/preferences/mc-security', waterOp, { enabled: false });
    expect(mandatory.statusCode).toBe(422);
    expect(mandatory.json().Error).toBe('MESSAGE_CLASS_NOT_SWITCHABLE');
    const foreign = await call('PUT', '/ump/messages/preferences/mc-energy', waterOp, { enabled: false });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().Error).toBe('MESSAGE_CLASS_NOT_FOUND');
    const energy = await ok('GET', '/ump/messages/preferences', energyStaff);
    expect(energy.items.map((item: { classId: string }) => item.classId)).toEqual(['mc-energy']);
  });

  it('answers 401 without a session', async () => {
    const res = await app.server.inject({ method: 'GET', url: '/ump/messages' });
    expect(res.statusCode).toBe(401);
  });
});
