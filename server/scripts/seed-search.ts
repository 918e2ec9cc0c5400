/**
 * node --import tsx server/scripts/seed-search.ts (--database-url <url> | --data-dir <dir>)
 *
 * Fills a database with a catalogue at the scale the search budget is measured at (issue 14:
 * 100,000 indexed items) and indexes it through the server's own indexer: 1,000 applications of
 * 99 menu items each (9 folders of 10 items), named from the water trade's words, Latin words now and
 * then. The demo tenant t-water uses the first 40 of them, and its administrator role is granted
 * every item of those (3,960 items in water.admin's tree); the rest of the catalogue is other
 * tenants' business, which the index must keep out of water.admin's searches at no cost.
 *
 * The database is migrated and given the demo seed when empty, as a start would. PostgreSQL
 * (--database-url) or the embedded PGlite in a data directory (--data-dir: the directory a server
 * then starts on with DATA_DIR). A second run finds the set and leaves it alone.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { DEFAULT_SEED_FILE } from '../src/config';
import { loadSeedIfEmpty } from '../src/db/seed/load-seed';
import { createAccessService } from '../src/modules/access/service';
import { createMenusRepo } from '../src/modules/menus/repo';
import { createMenuTreeService } from '../src/modules/menus/service';
import { createSearchIndexer } from '../src/modules/search/indexer';
import { searchSources } from '../src/modules/search/sources';
import { rowsOf } from '../src/modules/search/sources/sql';
import { createUsersRepo } from '../src/modules/users/repo';
import { openDatabase } from '../src/platform/db/database';
import { MemoryPubSub } from '../src/platform/pubsub';
import { say, timed } from './seed-scale-common';

export const SEARCH_SCALE = { applications: 1_000, itemsPerApplication: 99, usedByWater: 40 };

const TRADE_WORDS = [
  '供水',
  '管网',
  '漏损',
  '水质',
  '监测',
  '泵站',
  '设备',
  '调度',
  '分区',
  '计量',
  '二次供水',
  '巡检',
  '工单',
  '报表',
  '统计',
  '分析',
  '告警',
  '水厂',
  '排水',
  '污水',
  '客服',
  '营收',
  '抄表',
  '水表',
  '阀门',
  '压力',
  '流量',
  '能耗',
  '资产',
  '档案',
  '维修',
  '养护',
  '计划',
  '任务',
  '审批',
  '地图',
  '视频',
  '管线',
  '水源',
  '水库',
  '闸门',
  '河道',
  '雨量',
  '水位',
  '用户',
  '合同',
  '收费',
  '发票',
  '库存',
  '采购',
];
const PAGE_WORDS = [
  '管理',
  '查询',
  '台账',
  '配置',
  '统计',
  '分析',
  '看板',
  '报表',
  '中心',
  '平台',
  '记录',
  '列表',
  '详情',
  '维护',
  '监控',
  '预警',
];
const LATIN_WORDS = [
  'pump',
  'valve',
  'meter',
  'report',
  'dashboard',
  'gis',
  'scada',
  'alarm',
  'billing',
  'asset',
];

const array = (words: string[]) => sql.raw(`ARRAY[${words.map((word) => `'${word}'`).join(',')}]`);

/** A name from the trade's words, picked by n (deterministic): 漏损分析, 泵站能耗统计 pump… */
const nameOf = (n: ReturnType<typeof sql.raw>) => sql`
  (${array(TRADE_WORDS)})[1 + (${n} * 31 + 7) % ${TRADE_WORDS.length}]
  || CASE WHEN ${n} % 3 = 0 THEN (${array(TRADE_WORDS)})[1 + (${n} * 17 + 3) % ${TRADE_WORDS.length}] ELSE '' END
  || (${array(PAGE_WORDS)})[1 + (${n} * 13) % ${PAGE_WORDS.length}]
  || CASE WHEN ${n} % 8 = 0 THEN ' ' || (${array(LATIN_WORDS)})[1 + ${n} % ${LATIN_WORDS.length}] ELSE '' END`;

const usage = 'usage: seed-search.ts (--database-url <postgres://...> | --data-dir <dir>)';

const parseOptions = (args: string[]) => {
  let databaseUrl: string | undefined;
  let dataDir: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--database-url') databaseUrl = args[++i];
    else if (arg === '--data-dir') dataDir = args[++i];
    else throw new Error(`unknown argument ${arg}\n${usage}`);
  }
  if (!databaseUrl === !dataDir) throw new Error(usage);
  return { databaseUrl, dataDir };
};

const main = async () => {
  const options = parseOptions(process.argv.slice(2));
  const started = performance.now();
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const db = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir, poolSize: 2 });
  try {
    await timed('migrations and the demo seed', () =>
      loadSeedIfEmpty(db, {
        seedFile: process.env.SEED_FILE || DEFAULT_SEED_FILE,
        adminPassword: process.env.SEED_ADMIN_PASSWORD,
        dataDir: path.resolve(options.dataDir ?? process.env.DATA_DIR ?? 'data'),
      }),
    );
    const { applications, itemsPerApplication, usedByWater } = SEARCH_SCALE;
    const items = applications * itemsPerApplication;
    const present = await db.asPlatform(async (tx) =>
      rowsOf(await tx.execute(sql`SELECT count(*) AS n FROM applications WHERE id LIKE 'app-sr%'`)),
    );
    if (Number(present[0]?.n) > 0) say('  the search set is already there: left as it is');
    else {
      await timed(
        `${applications.toLocaleString('en')} applications, ${items.toLocaleString('en')} menu items`,
        () =>
          db.asPlatform(async (tx) => {
            await tx.execute(sql`
            INSERT INTO applications (id, app_key, name, status)
            SELECT 'app-sr' || g, 'sr' || g, ${nameOf(sql.raw('(g * 7919)'))} || '系统', 'published'
            FROM generate_series(1, ${applications}) g`);
            // Per application 9 folders (position 0, 11, 22, …) each followed by its 10 items.
            await tx.execute(sql`
            INSERT INTO menu_items (id, application_id, parent_id, name, link, sort)
            SELECT 'm-sr' || g, 'app-sr' || (1 + (g - 1) / ${itemsPerApplication}),
                   CASE WHEN (g - 1) % ${itemsPerApplication} % 11 = 0 THEN NULL
                        ELSE 'm-sr' || (g - (g - 1) % ${itemsPerApplication} % 11) END,
                   ${nameOf(sql.raw('g'))},
                   CASE WHEN (g - 1) % ${itemsPerApplication} % 11 = 0 THEN NULL ELSE '/dataService' END,
                   (g - 1) % ${itemsPerApplication}
            FROM generate_series(1, ${items}) g`);
            await tx.execute(sql`
            INSERT INTO tenant_applications (tenant_id, application_id)
            SELECT 't-water', 'app-sr' || g FROM generate_series(1, ${usedByWater}) g`);
            await tx.execute(sql`
            INSERT INTO role_menu_grants (tenant_id, role_id, menu_id)
            SELECT 't-water', 't-water-tenant-admin', m.id FROM menu_items m
            WHERE m.application_id IN (SELECT 'app-sr' || g FROM generate_series(1, ${usedByWater}) g)`);
          }),
      );
    }
    // The real indexer, as a server runs it: the triggers queued every record written above.
    const pubsub = new MemoryPubSub();
    const menuTrees = createMenuTreeService({
      repo: createMenusRepo(db),
      pubsub,
      access: createAccessService(createUsersRepo(db)),
      operatorCodes: async () => [],
      tenantCodes: async () => [],
    });
    const indexer = createSearchIndexer({ db, sources: searchSources({ menuTrees }) });
    const indexed = await timed('indexing', () => indexer.drain({ wait: true }));
    say(`  ${indexed.toLocaleString('en')} queued records indexed`);
    const [documents] = await db.asPlatform(async (tx) =>
      rowsOf(await tx.execute(sql`SELECT count(*) AS n FROM search_documents`)),
    );
    say(`  ${Number(documents?.n).toLocaleString('en')} documents in the index`);
    await timed('ANALYZE', () => indexer.analyze());
    await pubsub.close();
  } finally {
    await db.close();
  }
  say(`seed-search done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
};

main().catch((error: unknown) => {
  process.stderr.write(
    `seed-search: ${error instanceof Error ? error.message.slice(0, 300) : String(error)} ${String((error as { cause?: unknown })?.cause ?? '')}\n`,
  );
  process.exitCode = 1;
});
