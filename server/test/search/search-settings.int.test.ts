import type { SearchAnswer, SearchSettingsAnswer } from '@uniwim/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

const BASE = '/ump/admin/search-settings';

describe.each(testBackends())('search settings on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  const headers: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    for (const [username, tenantId] of [
      ['water.admin', 't-water'],
      ['water.op', 't-water'],
      ['energy.admin', 't-energy'],
    ] as const) {
      headers[username] = bearer(await tokenFor(app, infra.db, username, tenantId));
    }
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const call = (method: 'GET' | 'PUT', url: string, user = 'water.admin', payload?: unknown) =>
    app.server.inject({
      method,
      url,
      headers: headers[user],
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const read = async (user = 'water.admin'): Promise<SearchSettingsAnswer> => {
    const res = await call('GET', BASE, user);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Response;
  };
  const search = async (user: string, q: string): Promise<SearchAnswer> => {
    const res = await call('GET', `/ump/search?q=${encodeURIComponent(q)}`, user);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Response;
  };
  const save = (
    answer: SearchSettingsAnswer,
    settings: Partial<SearchSettingsAnswer['settings']>,
    user = 'water.admin',
  ) => call('PUT', BASE, user, { version: answer.version, settings: { ...answer.settings, ...settings } });

  it('starts with every source on at its default weight, with the index figures', async () => {
    const answer = await read();
    expect(answer.version).toBe(0);
    expect(answer.settings.sources.map((entry) => entry.source)).toEqual([
      'applications',
      'menus',
      'admin-pages',
    ]);
    expect(answer.settings.sources.every((entry) => entry.enabled)).toBe(true);
    await search('water.admin', '设备'); // indexes what the migration queued
    const indexed = await read();
    const menus = indexed.sources.find((source) => source.source === 'menus');
    expect(menus).toMatchObject({ title: { zh: '菜单', en: 'Menus' }, shells: ['index'], pending: 0 });
    expect(menus?.documents).toBeGreaterThanOrEqual(6);
  });

  it('turns a source off and weighs the others, for this tenant only', async () => {
    const before = await read();
    const sources = before.settings.sources.map((entry) =>
      entry.source === 'applications' ? { ...entry, enabled: false } : { ...entry, weight: 3 },
    );
    const saved = await save(before, { sources });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().Response.version).toBe(before.version + 1);
    expect((await search('water.admin', '设备')).groups.map((group) => group.source)).toEqual(['menus']);
    // The energy tenant keeps its own (default) settings.
    expect((await search('energy.admin', '设备')).groups.map((group) => group.source).sort()).toEqual([
      'applications',
      'menus',
    ]);
    const restored = await save(await read(), { sources: before.settings.sources });
    expect(restored.statusCode).toBe(200);
  });

  it('finds synonyms of a query word', async () => {
    expect((await search('water.op', '台账')).groups).toEqual([]);
    const saved = await save(await read(), { synonyms: [['台账', '列表', 'ledger']] });
    expect(saved.statusCode, saved.body).toBe(200);
    const hits = (await search('water.op', '台账')).groups.flatMap((group) => group.hits);
    expect(hits.map((hit) => hit.title)).toContain('设备列表');
    expect(hits.find((hit) => hit.title === '设备列表')?.highlights.title).toEqual([[2, 4]]);
  });

  it('serves the hot words to the search box, visitors of the tenant’s page included', async () => {
    const saved = await save(await read(), { hotWords: ['设备', '知识库'] });
    expect(saved.statusCode, saved.body).toBe(200);
    const hot = await call('GET', '/ump/search/hot-words', 'water.op');
    expect(hot.json().Response).toEqual({ hotWords: ['设备', '知识库'] });
    const visitor = await app.server.inject({ method: 'GET', url: '/ump/search/hot-words?tenant=water' });
    expect(visitor.json().Response).toEqual({ hotWords: ['设备', '知识库'] });
    const other = await call('GET', '/ump/search/hot-words', 'energy.admin');
    expect(other.json().Response).toEqual({ hotWords: [] });
  });

  it('refuses bad settings with the field and its message, and keeps what was saved', async () => {
    const before = await read();
    const cases: [Partial<SearchSettingsAnswer['settings']>, string, string][] = [
      [{ synonyms: [['泵站']] }, 'synonyms.0', '每组同义词至少两个词'],
      [
        {
          synonyms: [
            ['泵站', '泵房'],
            ['泵房', '水泵'],
          ],
        },
        'synonyms.1.0',
        '同义词“泵房”已在第1组中',
      ],
      [{ hotWords: ['设备', '设备'] }, 'hotWords.1', '热词“设备”重复'],
      [{ hotWords: ['！！'] }, 'hotWords.0', '热词须包含文字或数字'],
      [{ hotWords: Array.from({ length: 11 }, (_, i) => `热词${i}`) }, 'hotWords', '热词最多10个'],
      [
        { sources: before.settings.sources.map((entry) => ({ ...entry, weight: 11 })) },
        'sources.0.weight',
        '权重不能大于10',
      ],
    ];
    for (const [settings, path, message] of cases) {
      const res = await save(before, settings);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().Code).toBe(40000);
      expect(res.json().Details).toContainEqual(
        expect.objectContaining({ path: `body.settings.${path}`, message }),
      );
    }
    const unknown = await save(before, {
      sources: [...before.settings.sources, { source: 'notices', enabled: true, weight: 1 }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().Code).toBe(40080);
    expect((await read()).version).toBe(before.version);
  });

  it('answers 409 to a save over a newer version, and logs each save', async () => {
    const before = await read();
    expect((await save(before, { hotWords: ['水质'] })).statusCode).toBe(200);
    const stale = await save(before, { hotWords: ['管网'] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Code).toBe(40910);
    expect((await read()).settings.hotWords).toEqual(['水质']);
    const [logged] = await infra.db
      .asPlatform((tx) =>
        tx.execute(sql`
        SELECT changes FROM operation_logs WHERE resource = 'search-settings' AND tenant_id = 't-water'
        ORDER BY created_at DESC LIMIT 1`),
      )
      .then((result) => (result as unknown as { rows: { changes: Record<string, unknown> }[] }).rows);
    expect(logged?.changes.hotWords).toEqual({ before: ['设备', '知识库'], after: ['水质'] });
  });

  it('needs the search settings codes', async () => {
    expect((await call('GET', BASE, 'water.op')).statusCode).toBe(403);
    expect((await call('PUT', BASE, 'water.op', { version: 0, settings: {} })).statusCode).toBe(403);
    expect((await call('GET', `${BASE}/analytics`, 'water.op')).statusCode).toBe(403);
  });

  it('counts searches: top queries and queries without results', async () => {
    for (const q of ['设备', '设备', ' 设备 ', '水泵房', 'ＤＭＡ']) await search('water.op', q);
    await app.services.search.analytics.flush();
    const res = await call('GET', `${BASE}/analytics?days=7`);
    expect(res.statusCode, res.body).toBe(200);
    const figures = res.json().Response;
    expect(figures.topQueries[0]).toMatchObject({
      query: '设备',
      searches: expect.any(Number),
      withoutResults: 0,
    });
    expect(figures.topQueries[0].searches).toBeGreaterThanOrEqual(3);
    expect(figures.queriesWithoutResults.map((row: { query: string }) => row.query)).toEqual(
      expect.arrayContaining(['水泵房', 'dma']),
    );
    expect(figures.searches).toBeGreaterThanOrEqual(5);
    // Another tenant's figures are its own.
    const energy = await call('GET', `${BASE}/analytics?days=7`, 'energy.admin');
    expect(energy.json().Response.topQueries.map((row: { query: string }) => row.query)).not.toContain(
      '水泵房',
    );
    expect((await call('GET', `${BASE}/analytics?days=5`)).statusCode).toBe(400);
  });
});
