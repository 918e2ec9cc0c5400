import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticeTodoKey, noticeTodoLink } from '../../src/modules/message-centre/notice-todos';
import { seedNoticePeople } from '../notices/notice-people';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

type Headers = Record<string, string>;

/**
 * Issue 15: a must-read notice gives each member of its audience a platform to-do that opens the
 * notice; confirming it marks the to-do done; revoking closes the rest; publishing (or issuing)
 * twice never makes a second one; a scheduled notice issues them when its time comes.
 */
describe.each(testBackends())('must-read notices as to-dos on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let admin: Headers;

  const post = async (url: string, headers: Headers, payload: object = {}) => {
    const res = await app.server.inject({ method: 'POST', url, headers, payload });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json().Response;
  };
  const member = async (username: string) => bearer(await tokenFor(app, infra.db, username, 't-water'));
  /** The to-dos of a notice, per member: [account, status]. */
  const todosOf = async (noticeId: string) =>
    infra.db.asPlatform(
      async (tx) =>
        (
          (await tx.execute(sql`SELECT account_id, status, link, title, external_id FROM todos
          WHERE client_id = 'platform' AND external_id LIKE ${`notice:${noticeId}:%`}
          ORDER BY account_id`)) as unknown as { rows: Record<string, string>[] }
        ).rows,
    );
  const createNotice = (fields: object = {}) =>
    post('/ump/admin/notices', admin, {
      title: '安全生产必读',
      type: 'notice',
      body: '<p>请阅读并确认</p>',
      audienceKind: 'departments',
      departmentIds: ['nt-parent'],
      includeSubDepartments: true,
      mustRead: true,
      ...fields,
    });

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    await seedNoticePeople(infra.db);
    admin = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  it('issues one to-do per audience member on publish, done on confirm, closed on revoke', async () => {
    const notice = await createNotice();
    expect(await todosOf(notice.id)).toEqual([]);
    await post(`/ump/admin/notices/${notice.id}/publish`, admin);

    const issued = await todosOf(notice.id);
    expect(issued.map((row) => [row.account_id, row.status])).toEqual([
      ['nt-u1', 'open'],
      ['nt-u2', 'open'],
    ]);
    expect(issued[0]).toMatchObject({
      link: noticeTodoLink(notice.id),
      title: '请阅读并确认通知公告：安全生产必读',
      external_id: noticeTodoKey(notice.id, 'nt-u1'),
    });
    // The member sees it in their own list, opening the notice.
    const u1 = await member('nt-u1');
    const mine = await app.server.inject({ method: 'GET', url: '/ump/todos', headers: u1 });
    expect(mine.json().Response.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ source: 'platform', link: noticeTodoLink(notice.id) }),
      ]),
    );
    // Outside the audience: nothing.
    const u3 = await app.server.inject({
      method: 'GET',
      url: '/ump/todos/count',
      headers: await member('nt-u3'),
    });
    expect(u3.json().Response.open).toBe(0);

    // Issuing again (another instance, the sweep) makes no second one.
    expect(await app.services.noticeTodos.reconcile('t-water')).toEqual({ issued: 0, closed: 0 });
    await Promise.all([
      app.services.noticeTodos.reconcile('t-water'),
      app.services.noticeTodos.reconcile('t-water'),
    ]);
    expect(await todosOf(notice.id)).toHaveLength(2);

    // Reading alone is not confirming; confirming marks nt-u1's done.
    await app.server.inject({ method: 'GET', url: `/ump/notices/${notice.id}`, headers: u1 });
    expect((await todosOf(notice.id)).map((row) => row.status)).toEqual(['open', 'open']);
    await post(`/ump/notices/${notice.id}/confirm`, u1);
    expect((await todosOf(notice.id)).map((row) => [row.account_id, row.status])).toEqual([
      ['nt-u1', 'done'],
      ['nt-u2', 'open'],
    ]);

    // Revoking closes the one still open; nothing is issued again afterwards.
    await post(`/ump/admin/notices/${notice.id}/revoke`, admin);
    expect((await todosOf(notice.id)).map((r) => r.status)).toEqual(['done', 'done']);
    expect(await app.services.noticeTodos.reconcile('t-water')).toEqual({ issued: 0, closed: 0 });
  });

  it('issues nothing for a notice that is not must-read', async () => {
    const notice = await createNotice({ mustRead: false, title: '普通通知' });
    await post(`/ump/admin/notices/${notice.id}/publish`, admin);
    expect(await todosOf(notice.id)).toEqual([]);
  });

  it('issues a scheduled notice’s to-dos when its time comes', async () => {
    const publishAt = new Date(Date.now() + 1_500).toISOString();
    const notice = await createNotice({ title: '定时必读', publishAt });
    await post(`/ump/admin/notices/${notice.id}/publish`, admin);
    expect(await todosOf(notice.id)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    // What the sweep does every few seconds for the tenants whose notices came due.
    await app.services.noticeTodos.reconcile('t-water');
    expect((await todosOf(notice.id)).map((row) => row.account_id)).toEqual(['nt-u1', 'nt-u2']);
  });
});
