import { type HomeList, homeListSchema } from '@uniwim/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { accountIdOf, bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

type Headers = Record<string, string>;

/**
 * Issue 15: the homepage's list widgets, each registered by its own module through the home's widget
 * registry and answered on its own: my notices, my to-dos, unread messages; each only the member's
 * own, never another member's or another tenant's.
 */
describe.each(testBackends())('home list widgets on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let waterAdmin: Headers;
  let waterOp: Headers;
  let energyStaff: Headers;
  let ids: { op: string; admin: string; staff: string };

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    waterAdmin = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    waterOp = bearer(await tokenFor(app, infra.db, 'water.op', 't-water'));
    energyStaff = bearer(await tokenFor(app, infra.db, 'energy.staff', 't-energy'));
    ids = {
      op: await accountIdOf(infra.db, 'water.op'),
      admin: await accountIdOf(infra.db, 'water.admin'),
      staff: await accountIdOf(infra.db, 'energy.staff'),
    };
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
    app.server.inject({
      method,
      url,
      headers,
      ...(payload ? { payload } : method === 'POST' ? { payload: {} } : {}),
    });
  const ok = async (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) => {
    const res = await call(method, url, headers, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json().Response;
  };
  const list = async (headers: Headers, name: string): Promise<HomeList> => {
    const answer = await ok('GET', `/ump/home/widgets/${name}`, headers);
    expect(answer.kind).toBe('list');
    return homeListSchema.parse(answer.data);
  };
  const insert = (statement: ReturnType<typeof sql>) =>
    infra.db.asPlatform(async (tx) => {
      await tx.execute(statement);
    });

  it('lists the list widgets after the KPI cards, outside the tenant’s choice of cards', async () => {
    const names = (await ok('GET', '/ump/home/widgets', waterOp)).map((w: { name: string; kind: string }) => [
      w.name,
      w.kind,
    ]);
    expect(names.slice(-3)).toEqual([
      ['my-notices', 'list'],
      ['my-todos', 'list'],
      ['unread-messages', 'list'],
    ]);
    const settings = await ok('GET', '/ump/home/widget-settings', waterAdmin);
    expect(settings.available.map((w: { kind: string }) => w.kind)).not.toContain('list');
    // A list widget is not a card a tenant may choose.
    const refused = await call('PUT', '/ump/home/widget-settings', waterAdmin, {
      widgets: ['members', 'my-todos'],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().Error).toBe('HOME_WIDGET_UNKNOWN');
    expect(await call('GET', '/ump/home/widgets/my-todos', {}).then((res) => res.statusCode)).toBe(401);
  });

  it('shows the member’s newest notices, unread marked, each opening its detail; read ones lose the mark', async () => {
    const before = await list(waterOp, 'my-notices');
    const created = await ok('POST', '/ump/admin/notices', waterAdmin, {
      title: '首页公告：管网检修',
      type: 'notice',
      level: 'urgent',
      body: '<p>正文</p>',
      audienceKind: 'users',
      accountIds: [ids.op],
    });
    await ok('POST', `/ump/admin/notices/${created.id}/publish`, waterAdmin);

    const after = await list(waterOp, 'my-notices');
    const item = after.items.find((notice) => notice.id === created.id);
    expect(item).toMatchObject({
      title: '首页公告：管网检修',
      unread: true,
      atKind: 'published',
      link: `/umpNoticeDetail?id=${created.id}`,
      tags: ['urgent'],
    });
    expect(after.total).toBe(before.total + 1);
    expect(after.moreLink).toBe('/umpNoticeDetail');
    // Not in the audience, or in another tenant: not there.
    expect((await list(waterAdmin, 'my-notices')).items.map((n) => n.id)).not.toContain(created.id);
    expect((await list(energyStaff, 'my-notices')).items.map((n) => n.id)).not.toContain(created.id);

    await ok('GET', `/ump/notices/${created.id}`, waterOp);
    const read = await list(waterOp, 'my-notices');
    expect(read.items.find((notice) => notice.id === created.id)?.unread).toBe(false);
    expect(read.total).toBe(before.total);
  });

  it('shows the member’s open to-dos, overdue first and marked, each with its link', async () => {
    const todo = (id: string, tenant: string, account: string, title: string, due: string, status = 'open') =>
      insert(sql`INSERT INTO todos (tenant_id, id, account_id, source, title, link, due_at, status)
        VALUES (${tenant}, ${id}, ${account}, '工单系统', ${title}, ${`/downloadPage?t=${id}`},
                now() + ${due}::interval, ${status})`);
    await todo('hw-1', 't-water', ids.op, '明天到期的审批', '1 day');
    await todo('hw-2', 't-water', ids.op, '已逾期的巡检', '-2 hours');
    await todo('hw-3', 't-water', ids.op, '已办完的事', '-1 day', 'done');
    await todo('hw-4', 't-water', ids.admin, '管理员的待办', '1 day');
    await todo('hw-5', 't-energy', ids.staff, '能源的待办', '1 day');

    const mine = await list(waterOp, 'my-todos');
    expect(mine.items.map((t) => [t.id, t.overdue])).toEqual([
      ['hw-2', true],
      ['hw-1', false],
    ]);
    expect(mine.items[0]).toMatchObject({ summary: '工单系统', atKind: 'due', link: '/downloadPage?t=hw-2' });
    expect(mine.total).toBe(2);
    expect(mine.moreLink).toBe('/todoList');
    expect((await list(energyStaff, 'my-todos')).items.map((t) => t.id)).toEqual(['hw-5']);
  });

  it('shows the newest unread messages and their count, never another member’s or tenant’s', async () => {
    expect(await list(waterOp, 'unread-messages')).toEqual({
      items: [],
      total: 0,
      moreLink: '/messageCenter',
    });
    const message = (
      id: string,
      tenant: string,
      account: string,
      minutesAgo: number,
      extra: { read?: boolean; link?: string; priority?: string } = {},
    ) =>
      insert(sql`INSERT INTO user_messages (tenant_id, id, account_id, title, content, link, priority, read_at, created_at)
        VALUES (${tenant}, ${id}, ${account}, ${`消息${id}`}, ${'<p>泵站 <b>3 号</b>\n 压力过低，请尽快处理</p>'},
                ${extra.link ?? null}, ${extra.priority ?? 'normal'}, ${extra.read ? sql`now()` : sql`NULL`},
                now() - make_interval(mins => ${minutesAgo}))`);
    for (let i = 1; i <= 8; i++) await message(`hm-${i}`, 't-water', ids.op, 100 - i);
    await message('hm-link', 't-water', ids.op, 0, { link: '/downloadPage', priority: 'urgent' });
    await message('hm-read', 't-water', ids.op, 0, { read: true });
    await message('hm-admin', 't-water', ids.admin, 0);
    await message('hm-energy', 't-energy', ids.staff, 0);

    const unread = await list(waterOp, 'unread-messages');
    expect(unread.total).toBe(9);
    expect(unread.items.map((m) => m.id)).toEqual(['hm-link', 'hm-8', 'hm-7', 'hm-6', 'hm-5', 'hm-4']);
    expect(unread.items[0]).toMatchObject({ link: '/downloadPage', tags: ['urgent'], unread: true });
    // No link of its own: the message centre; the summary is text without markup.
    expect(unread.items[1]).toMatchObject({
      link: '/messageCenter',
      summary: '泵站 3 号 压力过低，请尽快处理',
    });
    expect((await list(energyStaff, 'unread-messages')).items.map((m) => m.id)).toEqual(['hm-energy']);
    expect((await list(waterAdmin, 'unread-messages')).items.map((m) => m.id)).toEqual(['hm-admin']);
  });

  it('leaves the other widgets answering when one list source fails', async () => {
    app.services.home.registry.register({
      name: 'broken-list',
      title: '故障列表',
      titleEn: 'Broken list',
      kind: 'list',
      defaultOn: true,
      visible: () => true,
      schema: homeListSchema,
      load: () => Promise.reject(new Error('source down')),
    });
    expect((await call('GET', '/ump/home/widgets/broken-list', waterOp)).statusCode).toBe(500);
    expect((await list(waterOp, 'my-todos')).total).toBe(2);
    expect((await call('GET', '/ump/home/widgets', waterOp)).statusCode).toBe(200);
  });
});
