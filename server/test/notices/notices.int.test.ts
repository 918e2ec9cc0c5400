import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticesDueBetween } from '../../src/modules/notices/schedule-sweep';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { multipartFile, PDF_BYTES } from '../support/multipart';
import { startTestApp, type TestApp } from '../support/test-app';
import { NOTICE_PEOPLE, seedNoticePeople } from './notice-people';

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Issue 15, notices: the audience (departments with or without sub-departments, roles, chosen
 * users, everyone; never another tenant), scheduled publishing and expiry, the sanitised body,
 * attachments through the files module, reads, confirmations and receipts, and the platform's.
 */
describe.each(testBackends())('notices on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let admin: Headers;
  let platform: Headers;
  let energyAdmin: Headers;
  let energyStaff: Headers;
  const member: Record<string, Headers> = {};

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    await seedNoticePeople(infra.db);
    admin = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    platform = bearer(await tokenFor(app, infra.db, 'admin', null));
    energyAdmin = bearer(await tokenFor(app, infra.db, 'energy.admin', 't-energy'));
    energyStaff = bearer(await tokenFor(app, infra.db, 'energy.staff', 't-energy'));
    for (const person of NOTICE_PEOPLE)
      member[person] = bearer(await tokenFor(app, infra.db, person, 't-water'));
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const call = (method: Method, url: string, headers: Headers, payload?: object) =>
    app.server.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? (method === 'POST' ? { payload: {} } : {}) : { payload }),
    });
  const ok = async (method: Method, url: string, headers: Headers, payload?: object) => {
    const res = await call(method, url, headers, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json().Response;
  };
  const refused = async (
    method: Method,
    url: string,
    headers: Headers,
    payload: object | undefined,
    status: number,
  ) => {
    const res = await call(method, url, headers, payload);
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as { Error: string; Message: string; Details?: { path: string; message: string }[] };
  };
  let seq = 0;
  const create = (body: object, headers = admin, scope = 'ump') =>
    ok('POST', `/${scope}/admin/notices`, headers, {
      title: `通知${++seq}`,
      type: 'notice',
      body: '<p>正文</p>',
      audienceKind: 'all',
      ...body,
    });
  const publish = (id: string, headers = admin, scope = 'ump') =>
    ok('POST', `/${scope}/admin/notices/${id}/publish`, headers);
  const published = async (body: object) => {
    const notice = await create(body);
    await publish(notice.id);
    return notice.id as string;
  };
  const seenBy = async (headers: Headers) =>
    ((await ok('GET', '/ump/notices?pageSize=100', headers)).items as { id: string }[]).map((n) => n.id);
  const whoSees = async (id: string) => {
    const seeing: string[] = [];
    for (const person of NOTICE_PEOPLE) if ((await seenBy(member[person]!)).includes(id)) seeing.push(person);
    if ((await seenBy(energyStaff)).includes(id)) seeing.push('energy.staff');
    return seeing;
  };

  it('keeps only the sanitised body: scripts, handlers, javascript: links and CSS expressions go; Chinese and tables stay', async () => {
    const notice = await create({
      body:
        '<p onclick="steal()">停水通知<script>alert(1)</script></p><a href="javascript:alert(1)">详情</a>' +
        '<p style="width: expression(alert(1)); color: red">注意</p><table><tr><td colspan="2">西湖区</td></tr></table>',
    });
    expect(notice.body).toBe(
      '<p>停水通知</p><a>详情</a><p style="color: red">注意</p><table><tr><td colspan="2">西湖区</td></tr></table>',
    );
    const empty = await refused(
      'POST',
      '/ump/admin/notices',
      admin,
      {
        title: '空',
        type: 'notice',
        body: '<script>alert(1)</script>',
        audienceKind: 'all',
      },
      400,
    );
    expect(empty.Details).toEqual([{ path: 'body.body', message: '请输入正文' }]);
  });

  it('refuses an empty or foreign audience, and an expiry before the publish time, naming the field', async () => {
    const none = await refused(
      'POST',
      '/ump/admin/notices',
      admin,
      {
        title: '无范围',
        type: 'notice',
        body: '正文',
        audienceKind: 'departments',
        departmentIds: [],
      },
      422,
    );
    expect(none.Error).toBe('NOTICE_AUDIENCE_EMPTY');
    const energyDepartment = await refused(
      'POST',
      '/ump/admin/notices',
      admin,
      {
        title: '他人部门',
        type: 'notice',
        body: '正文',
        audienceKind: 'users',
        accountIds: ['nt-u1', 'energy-nobody'],
      },
      400,
    );
    expect(energyDepartment.Details?.[0]?.path).toBe('body.accountIds');
    const times = await refused(
      'POST',
      '/ump/admin/notices',
      admin,
      {
        title: '时间',
        type: 'notice',
        body: '正文',
        audienceKind: 'all',
        publishAt: '2030-01-02T00:00:00Z',
        expiresAt: '2030-01-01T00:00:00Z',
      },
      400,
    );
    expect(times.Details).toEqual([{ path: 'body.expiresAt', message: '失效时间须晚于发布时间' }]);
  });

  it('reaches a department with its sub-departments, or without them, and no one else', async () => {
    const withSubs = await published({ audienceKind: 'departments', departmentIds: ['nt-parent'] });
    expect(await whoSees(withSubs)).toEqual(['nt-u1', 'nt-u2']);
    const without = await published({
      audienceKind: 'departments',
      departmentIds: ['nt-parent'],
      includeSubDepartments: false,
    });
    expect(await whoSees(without)).toEqual(['nt-u1']);
    const child = await published({ audienceKind: 'departments', departmentIds: ['nt-child', 'nt-other'] });
    expect(await whoSees(child)).toEqual(['nt-u2', 'nt-u3']);
    const row = await ok('GET', `/ump/admin/notices/${withSubs}`, admin);
    expect(row).toMatchObject({ status: 'published', audienceCount: 2, readCount: 0 });
  });

  it('reaches the holders of a role, chosen users, or every member of the tenant only', async () => {
    expect(await whoSees(await published({ audienceKind: 'roles', roleIds: ['nt-role'] }))).toEqual([
      'nt-u3',
    ]);
    expect(await whoSees(await published({ audienceKind: 'users', accountIds: ['nt-u4', 'nt-u1'] }))).toEqual(
      ['nt-u1', 'nt-u4'],
    );
    expect(await whoSees(await published({ audienceKind: 'all' }))).toEqual([...NOTICE_PEOPLE]);
    // Another tenant's administrator cannot see or touch the water notices.
    const energyList = await ok('GET', '/ump/admin/notices', energyAdmin);
    expect(energyList.total).toBe(0);
  });

  it('shows a draft to nobody, a scheduled notice from its time, an expired or revoked one no more', async () => {
    const draft = await create({});
    expect(await whoSees(draft.id)).toEqual([]);
    const scheduled = await create({ publishAt: new Date(Date.now() + 3_600_000).toISOString() });
    await publish(scheduled.id);
    expect((await ok('GET', `/ump/admin/notices/${scheduled.id}`, admin)).status).toBe('scheduled');
    expect(await whoSees(scheduled.id)).toEqual([]);
    // Its time comes (moved back instead of waiting an hour).
    await infra.db.asPlatform((tx) =>
      tx.execute(sql`UPDATE notices SET publish_at = now() - interval '1 minute' WHERE id = ${scheduled.id}`),
    );
    expect((await ok('GET', `/ump/admin/notices/${scheduled.id}`, admin)).status).toBe('published');
    expect(await whoSees(scheduled.id)).toEqual([...NOTICE_PEOPLE]);
    // The sweep finds it came due in its window (it tells the open shells of t-water), and not after.
    const minuteAgo = new Date(Date.now() - 120_000);
    expect(await noticesDueBetween(infra.db, minuteAgo, new Date())).toContain('t-water');
    expect(await noticesDueBetween(infra.db, new Date(), new Date(Date.now() + 1_000))).not.toContain(
      't-water',
    );
    await infra.db.asPlatform((tx) =>
      tx.execute(sql`UPDATE notices SET expires_at = now() - interval '1 second' WHERE id = ${scheduled.id}`),
    );
    expect((await ok('GET', `/ump/admin/notices/${scheduled.id}`, admin)).status).toBe('expired');
    expect(await whoSees(scheduled.id)).toEqual([]);

    const revoked = await published({});
    await refused('PUT', `/ump/admin/notices/${revoked}`, admin, { title: '改', version: 1 }, 422);
    expect((await refused('DELETE', `/ump/admin/notices/${revoked}`, admin, undefined, 409)).Error).toBe(
      'NOTICE_PUBLISHED',
    );
    await ok('POST', `/ump/admin/notices/${revoked}/revoke`, admin);
    expect(await whoSees(revoked)).toEqual([]);
    expect((await refused('POST', `/ump/admin/notices/${revoked}/publish`, admin, {}, 422)).Error).toBe(
      'NOTICE_NOT_PUBLISHABLE',
    );
    await refused('GET', `/ump/notices/${revoked}`, member['nt-u1']!, undefined, 404);
    await ok('DELETE', `/ump/admin/notices/${revoked}`, admin);
  });

  it('records reads and confirmations, counts the unread, and reports who read it and the rate', async () => {
    const before = await ok('GET', '/ump/notices/unread-count', member['nt-u2']!);
    const id = await published({
      audienceKind: 'departments',
      departmentIds: ['nt-parent'],
      mustRead: true,
      pinned: true,
    });
    const after = await ok('GET', '/ump/notices/unread-count', member['nt-u2']!);
    expect(after).toEqual({ unread: before.unread + 1, toConfirm: before.toConfirm + 1 });
    // Pinned first in the member's list.
    const list = await ok('GET', '/ump/notices?unread=true', member['nt-u2']!);
    expect(list.items[0]).toMatchObject({ id, pinned: true, mustRead: true, readAt: null, scope: 'tenant' });

    // Someone outside the audience is told it does not exist.
    expect((await refused('GET', `/ump/notices/${id}`, member['nt-u3']!, undefined, 404)).Error).toBe(
      'NOTICE_NOT_FOUND',
    );
    await refused('GET', `/ump/notices/${id}`, energyStaff, undefined, 404);

    const detail = await ok('GET', `/ump/notices/${id}`, member['nt-u2']!);
    expect(detail).toMatchObject({ id, body: '<p>正文</p>', confirmedAt: null });
    expect(detail.readAt).not.toBeNull();
    expect(await ok('GET', '/ump/notices/unread-count', member['nt-u2']!)).toEqual({
      unread: before.unread,
      toConfirm: before.toConfirm + 1,
    });
    let receipts = await ok('GET', `/ump/admin/notices/${id}/receipts`, admin);
    expect(receipts).toMatchObject({
      audienceCount: 2,
      readCount: 1,
      confirmedCount: 0,
      readRate: 0.5,
      total: 2,
    });
    expect(receipts.items[0]).toMatchObject({ accountId: 'nt-u2', name: '二号', departmentName: '下级部门' });

    const confirmed = await ok('POST', `/ump/notices/${id}/confirm`, member['nt-u2']!);
    expect(confirmed.confirmedAt).not.toBeNull();
    await ok('POST', `/ump/notices/${id}/confirm`, member['nt-u1']!);
    receipts = await ok('GET', `/ump/admin/notices/${id}/receipts?read=false`, admin);
    expect(receipts).toMatchObject({ readCount: 2, confirmedCount: 2, readRate: 1, total: 0, items: [] });
    expect((await ok('GET', `/ump/admin/notices/${id}`, admin)).readCount).toBe(2);

    const plain = await published({ audienceKind: 'all' });
    expect((await refused('POST', `/ump/notices/${plain}/confirm`, member['nt-u1']!, {}, 422)).Error).toBe(
      'NOTICE_NOT_MUST_READ',
    );
    // Another tenant's administrator reads no receipts of it.
    await refused('GET', `/ump/admin/notices/${id}/receipts`, energyAdmin, undefined, 404);
  });

  it('attaches files through the files module (the tenant’s own only) and shows them on the detail', async () => {
    const upload = async (headers: Headers) => {
      const body = multipartFile(PDF_BYTES, '停水范围.pdf');
      const res = await app.server.inject({
        method: 'POST',
        url: '/ump/admin/files/upload?purpose=attachment',
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().Response.id as string;
    };
    const fileId = await upload(admin);
    const id = await published({ audienceKind: 'all', attachmentIds: [fileId] });
    const detail = await ok('GET', `/ump/notices/${id}`, member['nt-u4']!);
    expect(detail.attachments).toEqual([expect.objectContaining({ id: fileId, name: '停水范围.pdf' })]);
    const references = await infra.db.withTenant('t-water', (tx) =>
      app.services.files.referencesOf(tx, fileId),
    );
    expect(references).toEqual([expect.objectContaining({ resource: 'notices', recordId: id })]);
    const foreign = await upload(energyAdmin);
    expect(
      (
        await refused(
          'POST',
          '/ump/admin/notices',
          admin,
          {
            title: '附件',
            type: 'notice',
            body: '正文',
            audienceKind: 'all',
            attachmentIds: [foreign],
          },
          404,
        )
      ).Error,
    ).toBe('FILE_NOT_FOUND');
  });

  it('shows the platform’s notices to the members of every tenant, with reads kept per tenant', async () => {
    const notice = await create({ audienceKind: undefined, mustRead: true }, platform, 'dmp');
    await publish(notice.id, platform, 'dmp');
    expect(await whoSees(notice.id)).toEqual([...NOTICE_PEOPLE, 'energy.staff']);
    const item = (await ok('GET', '/ump/notices', energyStaff)).items.find(
      (n: { id: string }) => n.id === notice.id,
    );
    expect(item).toMatchObject({ scope: 'platform', mustRead: true });
    await ok('POST', `/ump/notices/${notice.id}/confirm`, energyStaff);
    await ok('GET', `/ump/notices/${notice.id}`, member['nt-u1']!);
    const receipts = await ok('GET', `/dmp/admin/notices/${notice.id}/receipts?read=true`, platform);
    expect(receipts.items.map((r: { username: string }) => r.username).sort()).toEqual([
      'energy.staff',
      'nt-u1',
    ]);
    expect(receipts.confirmedCount).toBe(1);
    // A tenant's administrator neither lists nor edits the platform's notices.
    expect(
      (await ok('GET', '/ump/admin/notices', admin)).items.some((n: { id: string }) => n.id === notice.id),
    ).toBe(false);
  });
});
