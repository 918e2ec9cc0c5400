import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNoticeMemberRepo } from '../../src/modules/notices/member-repo';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { accountIdOf, bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';
import { NOTICE_PEOPLE, seedNoticePeople } from './notice-people';

type Headers = Record<string, string>;

/**
 * Issue 15's 2,000 open shells: a change recounts the unread notices of many members of a tenant in
 * one statement. Each member's figures must be those of their own count (audience by department
 * with and without sub-departments, role, user; reads and confirmations; the platform's notices),
 * and never another tenant's.
 */
describe.each(testBackends())('unread notices counted for many members on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let admin: Headers;
  const member: Record<string, Headers> = {};

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    await seedNoticePeople(infra.db);
    admin = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    for (const person of [...NOTICE_PEOPLE, 'water.op'])
      member[person] = bearer(await tokenFor(app, infra.db, person, 't-water'));
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const ok = async (method: 'GET' | 'POST', url: string, headers: Headers, payload: object = {}) => {
    const res = await app.server.inject({ method, url, headers, ...(method === 'POST' ? { payload } : {}) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json().Response;
  };
  let seq = 0;
  const published = async (body: object, headers = admin, scope = 'ump') => {
    const notice = await ok('POST', `/${scope}/admin/notices`, headers, {
      title: `批量计数${++seq}`,
      type: 'notice',
      body: '<p>正文</p>',
      // Platform notices reach everyone: they name no audience.
      ...(scope === 'ump' ? { audienceKind: 'all' } : {}),
      ...body,
    });
    await ok('POST', `/${scope}/admin/notices/${notice.id}/publish`, headers);
    return notice.id as string;
  };

  it('gives each member the figures of their own count, in one statement', async () => {
    const u1 = await accountIdOf(infra.db, 'nt-u1');
    const u4 = await accountIdOf(infra.db, 'nt-u4');
    await published({
      audienceKind: 'departments',
      departmentIds: ['nt-parent'],
      includeSubDepartments: true,
    });
    await published({
      audienceKind: 'departments',
      departmentIds: ['nt-parent'],
      includeSubDepartments: false,
    });
    await published({ audienceKind: 'roles', roleIds: ['nt-role'], mustRead: true });
    const forUsers = await published({ audienceKind: 'users', accountIds: [u1, u4], mustRead: true });
    await published({});
    const platformAdmin = bearer(await tokenFor(app, infra.db, 'admin', null));
    await published({}, platformAdmin, 'dmp');
    // nt-u1 reads one and confirms it; nt-u4 only reads it.
    await ok('POST', `/ump/notices/${forUsers}/confirm`, member['nt-u1']!);
    await ok('GET', `/ump/notices/${forUsers}`, member['nt-u4']!);

    const people = [...NOTICE_PEOPLE, 'water.op'];
    const ids = await Promise.all(people.map((person) => accountIdOf(infra.db, person)));
    const energyStaff = await accountIdOf(infra.db, 'energy.staff');
    const counts = await createNoticeMemberRepo(infra.db).unreadOfMany('t-water', [...ids, energyStaff]);
    for (const [index, person] of people.entries()) {
      expect(counts.get(ids[index]!), person).toEqual(
        await ok('GET', '/ump/notices/unread-count', member[person]!),
      );
    }
    // Not a member of this tenant: nothing of it.
    expect(counts.get(energyStaff)).toEqual({ unread: 0, toConfirm: 0 });
    // The figures differ between people, so the comparison above compares something.
    expect(new Set(people.map((_, i) => JSON.stringify(counts.get(ids[i]!)))).size).toBeGreaterThan(2);
  });
});
