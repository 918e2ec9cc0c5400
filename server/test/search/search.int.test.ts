import type { SearchAnswer } from '@uniwim/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

/** Menu items whose names are sentences, in a published application the water tenant uses (a draft one shows in no shell). */
const addSentenceMenus = (infra: TestInfrastructure) =>
  infra.db.asPlatform(async (tx) => {
    await tx.execute(sql`
      INSERT INTO applications (id, app_key, name, status) VALUES ('app-ops', 'ops', '智慧水务运营平台', 'published')`);
    await tx.execute(sql`
      INSERT INTO menu_items (id, application_id, parent_id, name, link, sort) VALUES
        ('m-ops', 'app-ops', NULL, '运营管理', NULL, 0),
        ('m-leak', 'app-ops', 'm-ops', '供水管网漏损控制与分区计量', '/dataService', 1),
        ('m-pump', 'app-ops', 'm-ops', '二次供水泵房巡检记录', '/deviceManager', 2),
        ('m-quality', 'app-ops', 'm-ops', 'Water quality report 水质日报', '/dataServiceDetail', 3)`);
    await tx.execute(
      sql`INSERT INTO tenant_applications (tenant_id, application_id) VALUES ('t-water', 'app-ops')`,
    );
    await tx.execute(sql`
      INSERT INTO role_menu_grants (tenant_id, role_id, menu_id) VALUES
        ('t-water', 't-water-operator', 'm-leak'), ('t-water', 't-water-operator', 'm-pump'),
        ('t-water', 't-water-operator', 'm-quality'),
        ('t-water', 't-water-tenant-admin', 'm-leak'), ('t-water', 't-water-tenant-admin', 'm-pump'),
        ('t-water', 't-water-tenant-admin', 'm-quality')`);
  });

describe.each(testBackends())('the header search on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  const headers: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    await addSentenceMenus(infra);
    // The energy tenant's staff role grants nothing here (the seed grants every item by default).
    await infra.db.asPlatform((tx) =>
      tx.execute(
        sql`DELETE FROM role_menu_grants WHERE tenant_id = 't-energy' AND role_id = 't-energy-staff'`,
      ),
    );
    await app.services.menuTrees.announceChange('t-water');
    await app.services.menuTrees.announceChange('t-energy');
    for (const [username, tenantId] of [
      ['water.admin', 't-water'],
      ['water.op', 't-water'],
      ['energy.admin', 't-energy'],
      ['energy.staff', 't-energy'],
    ] as const) {
      headers[username] = bearer(await tokenFor(app, infra.db, username, tenantId));
    }
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const search = async (user: string | null, q: string, extra = ''): Promise<SearchAnswer> => {
    const res = await app.server.inject({
      method: 'GET',
      url: `/ump/search?q=${encodeURIComponent(q)}${extra}`,
      headers: user ? headers[user] : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Response;
  };
  const titles = (answer: SearchAnswer, source?: string) =>
    answer.groups
      .filter((group) => !source || group.source === source)
      .flatMap((group) => group.hits.map((hit) => hit.title));

  it('finds a 2-character word inside a sentence, highlighted where it stands', async () => {
    const answer = await search('water.op', '管网');
    const menus = answer.groups.find((group) => group.source === 'menus');
    const hit = menus?.hits.find((candidate) => candidate.id === 'm-leak');
    expect(hit?.title).toBe('供水管网漏损控制与分区计量');
    expect(hit?.highlights.title).toEqual([[2, 4]]);
    expect(hit?.subtitle).toBe('智慧水务运营平台 / 运营管理');
    expect(hit?.open).toEqual({ kind: 'menu', menuId: 'm-leak' });
  });

  it('finds a 4-character phrase inside a sentence, and not its characters scattered', async () => {
    expect(titles(await search('water.op', '漏损控制'), 'menus')).toEqual(['供水管网漏损控制与分区计量']);
    expect(titles(await search('water.op', '泵房巡检'), 'menus')).toEqual(['二次供水泵房巡检记录']);
    // 控制 and 漏损 are both in the name, but not as 控制漏损.
    expect(titles(await search('water.op', '控制漏损'))).toEqual([]);
  });

  it('finds names by their pinyin initials and by Latin words, case aside', async () => {
    const answer = await search('water.admin', 'sbgl');
    const application = answer.groups.find((group) => group.source === 'applications')?.hits[0];
    expect(application).toMatchObject({
      title: '设备管理',
      open: { kind: 'application', applicationId: 'app-devices' },
    });
    expect(application?.highlights.title).toEqual([[0, 4]]);
    expect(titles(await search('water.op', 'gwls'), 'menus')).toEqual(['供水管网漏损控制与分区计量']);
    expect(titles(await search('water.op', 'REPORT'), 'menus')).toEqual(['Water quality report 水质日报']);
    expect(titles(await search('water.op', 'qual'), 'menus')).toEqual(['Water quality report 水质日报']);
  });

  it('answers one character and short prefixes (each planned for its own words) within what the user sees', async () => {
    const water = titles(await search('water.op', '水'), 'menus');
    expect(water).toContain('供水管网漏损控制与分区计量');
    expect(water).toContain('Water quality report 水质日报');
    // The same words again (a kept plan), and with a quote the tokenizer drops.
    expect(titles(await search('water.op', '水'), 'menus')).toEqual(water);
    expect(titles(await search('water.op', "水'"), 'menus')).toEqual(water);
    expect(titles(await search('water.op', 're'), 'menus')).toContain('Water quality report 水质日报');
    // Another tenant's administrator finds none of water's items by the same character.
    const energy = titles(await search('energy.admin', '水'));
    expect(energy.filter((title) => water.includes(title))).toEqual([]);
  });

  it('finds only the menu items the user’s roles show', async () => {
    // The operator holds 设备列表 and 设备地图, not 新增设备; the administrator holds all three.
    expect(titles(await search('water.op', '设备'), 'menus').sort()).toEqual(
      ['设备', '设备列表', '设备地图'].sort(),
    );
    expect(titles(await search('water.admin', '设备'), 'menus')).toContain('新增设备');
    // A member without menus finds nothing, applications included.
    expect((await search('energy.staff', '设备')).groups).toEqual([]);
  });

  it('finds only what the user’s tenant uses', async () => {
    // The knowledge base and the operations platform are the water tenant's, not the energy tenant's.
    expect(titles(await search('water.op', '知识库'))).toContain('知识库');
    expect(titles(await search('energy.admin', '知识库'))).toEqual([]);
    expect(titles(await search('energy.admin', '管网'))).toEqual([]);
    expect(titles(await search('energy.admin', '设备'), 'menus')).toContain('设备列表');
  });

  it('finds a tenant’s own public item in that tenant only', async () => {
    // A public item the water tenant added to an application both tenants use (migration 0024).
    await infra.db.withTenant('t-water', (tx) =>
      tx.execute(sql`
        INSERT INTO menu_items (id, application_id, tenant_id, name, link, is_public)
        VALUES ('m-water-own', 'app-devices', 't-water', '水务内部设备通讯录', '/deviceList', true)`),
    );
    await app.services.menuTrees.announceChange('t-water');
    expect(titles(await search('water.op', '通讯录'), 'menus')).toEqual(['水务内部设备通讯录']);
    expect(titles(await search('energy.admin', '通讯录'))).toEqual([]);
    const [document] = await infra.db
      .asPlatform((tx) =>
        tx.execute(sql`SELECT tenant_id FROM search_documents WHERE record_id = 'm-water-own'`),
      )
      .then((result) => (result as unknown as { rows: { tenant_id: string }[] }).rows);
    expect(document?.tenant_id).toBe('t-water');
    // Another tenant's scope does not even see the document.
    const seen = await infra.db.withTenant('t-energy', (tx) =>
      tx.execute(sql`SELECT count(*)::int AS n FROM search_documents WHERE record_id = 'm-water-own'`),
    );
    expect((seen as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it('gives visitors the public items of the page’s tenant only', async () => {
    const knowledge = await search(null, '知识', '&tenant=water');
    expect(knowledge.groups.map((group) => [group.source, group.hits.map((hit) => hit.id)]).sort()).toEqual([
      ['applications', ['app-knowledge']],
      ['menus', ['m-knowledge']],
    ]);
    expect(titles(await search(null, '地图', '&tenant=water'))).toEqual([]);
    expect(titles(await search(null, '知识', '&tenant=energy'))).toEqual([]);
  });

  it('searches the console pages the admin menu shows in admin.html', async () => {
    expect(titles(await search('water.admin', '角色', '&shell=admin'))).toEqual(['角色管理']);
    expect(titles(await search('water.admin', 'jsgl', '&shell=admin'))).toEqual(['角色管理']);
    // Platform-only pages are not the tenant administrator's; members without console pages find none.
    expect(titles(await search('water.admin', '租户管理', '&shell=admin'))).toEqual([]);
    expect((await search('water.op', '角色', '&shell=admin')).groups).toEqual([]);
    // The platform's administrator, outside any tenant, finds the platform pages.
    headers.admin = bearer(await tokenFor(app, infra.db, 'admin', null));
    expect(titles(await search('admin', '租户管理', '&shell=admin'))).toContain('租户管理');
  });

  it('follows changes to menu items and applications at once', async () => {
    await infra.db.asPlatform((tx) =>
      tx.execute(sql`UPDATE menu_items SET name = '二次供水泵站巡检记录' WHERE id = 'm-pump'`),
    );
    expect(titles(await search('water.op', '泵站巡检'), 'menus')).toEqual(['二次供水泵站巡检记录']);
    expect(titles(await search('water.op', '泵房巡检'), 'menus')).toEqual([]);
    await infra.db.asPlatform((tx) =>
      tx.execute(sql`UPDATE applications SET name = '智慧水务调度平台' WHERE id = 'app-ops'`),
    );
    const hit = (await search('water.op', '调度平台')).groups.find((group) => group.source === 'applications')
      ?.hits[0];
    expect(hit?.title).toBe('智慧水务调度平台');
    // The items show the new application name too.
    const item = (await search('water.op', '泵站巡检')).groups[0]?.hits[0];
    expect(item?.subtitle).toBe('智慧水务调度平台 / 运营管理');
    await infra.db.asPlatform((tx) =>
      tx.execute(sql`UPDATE menu_items SET disabled = true WHERE id = 'm-pump'`),
    );
    expect(titles(await search('water.op', '泵站巡检'))).toEqual([]);
  });

  it('keeps each menu item’s and application’s scope beside its vector, and clears the queue’s dead rows', async () => {
    await search('water.op', '漏损');
    const [missing] = await infra.db.asPlatform(
      async (tx) =>
        (
          (await tx.execute(sql`
            SELECT count(*) FILTER (WHERE i.scope IS NULL) AS missing, count(*) AS total,
                   count(*) FILTER (WHERE d.record_id = 'm-leak' AND i.scope = '@menus/app:app-ops') AS leak
            FROM search_index i JOIN search_documents d ON d.id = i.document_id
            WHERE d.source IN ('menus', 'applications')`)) as unknown as { rows: unknown[] }
        ).rows as { missing: number; total: number; leak: number }[],
    );
    expect(Number(missing?.missing)).toBe(0);
    expect(Number(missing?.total)).toBeGreaterThan(3);
    expect(Number(missing?.leak)).toBe(1);
    // VACUUM outside any transaction, on either engine.
    await app.services.search.indexer.analyze();
    expect(app.services.search.indexer.takenSinceMaintenance()).toBe(0);
  });

  it('queues again what an older tokenizer indexed, and only that', async () => {
    await search('water.op', '漏损');
    await infra.db.asPlatform((tx) =>
      tx.execute(
        sql`UPDATE search_documents SET tokenizer_version = tokenizer_version - 1 WHERE record_id = 'm-leak'`,
      ),
    );
    await app.services.search.indexer.queueOutdated();
    const queued = await infra.db.asPlatform(
      async (tx) =>
        (
          (await tx.execute(sql`SELECT DISTINCT record_id FROM search_pending`)) as unknown as {
            rows: { record_id: string }[];
          }
        ).rows,
    );
    expect(queued.map((row) => row.record_id)).toEqual(['m-leak']);
    // The next search indexes it the current way before it answers.
    expect(titles(await search('water.op', '漏损'), 'menus')).toContain('供水管网漏损控制与分区计量');
    await app.services.search.indexer.queueOutdated();
    const [left] = await infra.db.asPlatform(
      async (tx) =>
        (
          (await tx.execute(sql`SELECT count(*)::int AS n FROM search_pending`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows,
    );
    expect(Number(left?.n)).toBe(0);
  });

  it('refuses an empty or overlong query with the spec’s kind of message', async () => {
    const empty = await app.server.inject({
      method: 'GET',
      url: '/ump/search?q=%20',
      headers: headers['water.op'],
    });
    expect(empty.statusCode).toBe(400);
    const long = await app.server.inject({
      method: 'GET',
      url: `/ump/search?q=${'水'.repeat(101)}`,
      headers: headers['water.op'],
    });
    expect(long.statusCode).toBe(400);
    // Punctuation alone finds nothing, without an error.
    expect((await search('water.op', '!!!')).groups).toEqual([]);
  });
});
