/**
 * npm run seed:scale -- [--database-url <url>] [--logs] [--log-rows <n>]
 *
 * Fills a PostgreSQL database with data at the scale the administration budgets are measured at
 * (shared/design/administration.md, "Data for scale"): 10,000 tenants, 1,000,000 accounts and their
 * memberships (the largest tenant 100,000 members, the others spread from about 9,000 down to about
 * 45), each tenant with its administrator role held by its first member. With --logs it also fills
 * login_logs and usage_logs (--log-rows each, 5,000,000 by default: 10,000,000 rows in all).
 *
 * The database is migrated first through the server's own migrations and gets the demo seed when
 * it is empty, so the demo accounts (and `admin`) sign in as usual. Every step is set-based SQL
 * (INSERT ... SELECT generate_series) in one transaction: a run either adds the whole set or
 * nothing, and a second run finds the set and leaves it alone.
 *
 * Scale rows are recognisable: tenant codes `sc<n>`, account ids `acc-sc<n>`, usernames `sc.u<n>`.
 * Every scale account shares one password hash: SEED_ADMIN_PASSWORD's, so a person can sign in as
 * `sc.u1` (administrator of the largest tenant, `sc1`) and try the pages at this size.
 */
import path from 'node:path';
import pg from 'pg';
import { DEFAULT_SEED_FILE } from '../src/config';
import { loadSeedIfEmpty } from '../src/db/seed/load-seed';
import { hashPassword } from '../src/platform/crypto/passwords';
import { openDatabase } from '../src/platform/db/database';
import { SCALE, say, timed } from './seed-scale-common';
import {
  addDepartmentAdministrator,
  fillLargestTree,
  LARGEST_TREE_SIZE,
  largestTreeDepartmentOf,
  provisionScaleTenants,
  reportDepartmentAdministrator,
} from './seed-scale-departments';
import { fillLogs } from './seed-scale-logs';
// Issue 16: statistics and retention
import { buildLogRollups, prepareLogPartitions } from './seed-scale-rollups';

interface Options {
  databaseUrl: string;
  logs: boolean;
  logRows: number;
}

const usage = 'usage: npm run seed:scale -- [--database-url <postgres://...>] [--logs] [--log-rows <n>]';

const parseOptions = (args: string[]): Options => {
  let databaseUrl = process.env.DATABASE_URL;
  let logs = false;
  let logRows = 5_000_000;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--database-url') databaseUrl = args[++i];
    else if (arg.startsWith('--database-url=')) databaseUrl = arg.slice('--database-url='.length);
    else if (arg === '--logs') logs = true;
    else if (arg === '--log-rows') logRows = Number(args[++i]);
    else throw new Error(`unknown argument ${arg}\n${usage}`);
  }
  if (!databaseUrl)
    throw new Error(`PostgreSQL is needed: set DATABASE_URL or pass --database-url\n${usage}`);
  if (!Number.isInteger(logRows) || logRows < 1) throw new Error(`--log-rows must be a positive integer`);
  return { databaseUrl, logs, logRows };
};

/**
 * The tables whose row triggers keep derived data (tenants.member_count, tenant_menu_versions):
 * one trigger call per row would be a million single-row updates, so they are switched off inside
 * the transaction and the derived data is computed set-based afterwards. ALTER TABLE is
 * transactional: should the run fail, the triggers are back as they were.
 */
const TRIGGERED_TABLES = ['tenant_memberships', 'membership_roles'] as const;

const fillTenantsAndAccounts = async (client: pg.ClientBase, passwordHash: string) => {
  const { tenants, accounts, largestTenantMembers } = SCALE;
  for (const table of TRIGGERED_TABLES) await client.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`);

  await timed(`${tenants.toLocaleString('en')} tenants (with their primary domains)`, () =>
    client.query(
      `INSERT INTO tenants (id, code, name, domain, contact_name, contact_phone, status, seat_limit, expires_at, created_at)
       SELECT 't-sc' || g, 'sc' || g, '规模租户' || g, 'sc' || g || '.scale.example.com',
              '联系人' || (g % 997), '137' || lpad(g::text, 8, '0'),
              CASE WHEN g % 10 = 0 THEN 'disabled' ELSE 'active' END,
              CASE WHEN g % 4 = 0 THEN NULL ELSE 200 + (g % 50) * 100 END,
              -- a quarter without expiry, some expired, the rest over the next three years
              CASE WHEN g % 4 = 1 THEN NULL ELSE now() + ((g % 1200) - 100) * interval '1 day' END,
              now() - g * interval '157 minutes'
       FROM generate_series(1, $1::int) g`,
      [tenants],
    ),
  );

  await timed(`${accounts.toLocaleString('en')} accounts`, () =>
    client.query(
      `INSERT INTO accounts (id, sn, username, mobile, name, password_hash, password_changed_at, created_at)
       SELECT 'acc-sc' || g, 'SC' || lpad(g::text, 10, '0'), 'sc.u' || g, '166' || lpad(g::text, 8, '0'),
              '规模用户' || g, $2, now(), now() - g * interval '1 minute'
       FROM generate_series(1, $1::int) g`,
      [accounts, passwordHash],
    ),
  );

  // Accounts 1..largest belong to sc1; the rest fall on sc2..scN with a density like 1/sqrt(n),
  // so tenants range from thousands of members down to a few dozen (sorting by seats means something).
  // Every tenant's root department and starting copies, as creating a tenant provisions them;
  // then sc1's 5-level tree (before the members: they are placed in it).
  await timed('root departments and provisioning copies', () => provisionScaleTenants(client, tenants));
  await timed(`sc1's tree (${LARGEST_TREE_SIZE.toLocaleString('en')} departments, 5 levels)`, () =>
    fillLargestTree(client),
  );

  // sc1's members are spread over its tree (its administrator, member 1, in the root); every other
  // tenant's members are in its root.
  await timed(`${accounts.toLocaleString('en')} memberships`, () =>
    client.query(
      // search_text is what the (switched off) row trigger of migration 0021 would have set.
      `INSERT INTO tenant_memberships (tenant_id, account_id, department_id, source, created_at, search_text)
       SELECT 't-sc' || t, 'acc-sc' || g,
              CASE WHEN t = 1 AND g > 1 THEN ${largestTreeDepartmentOf('g')} ELSE 'd-t-sc' || t END,
              'seed', now() - g * interval '1 minute',
              (SELECT account_search_text(a.username, a.name, a.mobile) FROM accounts a WHERE a.id = 'acc-sc' || g)
       FROM generate_series(1, $1::int) g,
            LATERAL (SELECT CASE WHEN g <= $2 THEN 1
                 ELSE 2 + floor(($3 - 1) * power((g - $2 - 1)::float8 / ($1 - $2), 2))::int END AS t) tenant`,
      [accounts, largestTenantMembers, tenants],
    ),
  );

  await timed('administrator role of each tenant', () =>
    client.query(
      `INSERT INTO roles (tenant_id, id, code, name, is_admin)
       SELECT 't-sc' || g, 't-sc' || g || '-admin', 'tenant-admin', '租户管理员', true
       FROM generate_series(1, $1::int) g`,
      [tenants],
    ),
  );

  // The first member (lowest account number) of each tenant administers it.
  await timed('each tenant administered by its first member', () =>
    client.query(
      `INSERT INTO membership_roles (tenant_id, account_id, role_id)
       SELECT DISTINCT ON (m.tenant_id) m.tenant_id, m.account_id, m.tenant_id || '-admin'
       FROM tenant_memberships m
       WHERE m.tenant_id LIKE 't-sc%'
       ORDER BY m.tenant_id, substr(m.account_id, 7)::int`,
    ),
  );

  await timed("sc1's department administrator", () => addDepartmentAdministrator(client));

  // What the switched-off triggers would have kept.
  await timed('seats used (tenants.member_count) and menu versions', async () => {
    await client.query(
      `UPDATE tenants t SET member_count = counted.n
       FROM (SELECT tenant_id, count(*)::int AS n FROM tenant_memberships
             WHERE tenant_id LIKE 't-sc%' GROUP BY tenant_id) counted
       WHERE t.id = counted.tenant_id`,
    );
    await client.query(
      `INSERT INTO tenant_menu_versions (tenant_id, version)
       SELECT id, 1 FROM tenants WHERE code LIKE 'sc%' ON CONFLICT (tenant_id) DO NOTHING`,
    );
  });
  for (const table of TRIGGERED_TABLES) await client.query(`ALTER TABLE ${table} ENABLE TRIGGER USER`);

  // Extension point, for the issues that add it (a set-based step here, in this transaction, keyed
  // on the same `sc` rows): roles beyond the administrator's, with menu grants from the packages.
};

const countOf = async (client: pg.ClientBase, query: string) =>
  Number((await client.query<{ n: string }>(query)).rows[0]!.n);

const main = async () => {
  const options = parseOptions(process.argv.slice(2));
  const started = performance.now();
  say(`seed:scale on ${new URL(options.databaseUrl).pathname.slice(1) || 'the default database'}`);

  // Migrations and the demo seed through the server's own code, exactly as a start would.
  await timed('migrations and the demo seed', async () => {
    const db = await openDatabase({ databaseUrl: options.databaseUrl, poolSize: 2 });
    try {
      const outcome = await loadSeedIfEmpty(db, {
        seedFile: process.env.SEED_FILE || DEFAULT_SEED_FILE,
        adminPassword: process.env.SEED_ADMIN_PASSWORD,
        dataDir: path.resolve(process.env.DATA_DIR ?? 'data'),
      });
      if (outcome.passwordFile) say(`  the administrator's initial password is in ${outcome.passwordFile}`);
    } finally {
      await db.close();
    }
  });

  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    const present = await countOf(client, `SELECT count(*) AS n FROM tenants WHERE id = 't-sc1'`);
    if (present > 0) {
      const tenants = await countOf(client, `SELECT count(*) AS n FROM tenants WHERE code LIKE 'sc%'`);
      say(`  the scale set is already there (${tenants.toLocaleString('en')} tenants sc1…): left as it is`);
    } else {
      const passwordHash = await hashPassword(process.env.SEED_ADMIN_PASSWORD ?? randomUnusablePassword());
      await client.query('BEGIN');
      try {
        // The platform scope for the row-level policies, should the connecting user not bypass them.
        await client.query(`SET LOCAL app.scope = 'platform'`);
        await client.query(`SET LOCAL synchronous_commit = off`);
        await client.query(`SET LOCAL maintenance_work_mem = '256MB'`);
        await client.query(`SET LOCAL work_mem = '64MB'`);
        await fillTenantsAndAccounts(client, passwordHash);
        await timed('commit', () => client.query('COMMIT'));
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
      // Statistics for the planner, and the visibility map that lets counts read indexes only.
      await timed('VACUUM ANALYZE', () =>
        client.query(
          'VACUUM (ANALYZE) tenants, accounts, tenant_memberships, roles, membership_roles, tenant_domains, departments',
        ),
      );
    }
    await reportDepartmentAdministrator(client);
    // Issue 16: monthly partitions before the logs, daily rollups after them.
    if (options.logs) await prepareLogPartitions(client);
    if (options.logs) await fillLogs(client, options.logRows);
    if (options.logs) await buildLogRollups(options.databaseUrl);
  } finally {
    await client.end();
  }
  say(`seed:scale done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
};

/** Without SEED_ADMIN_PASSWORD nobody can sign in as a scale account: nothing is written down. */
const randomUnusablePassword = () => `unusable-${crypto.randomUUID()}`;

main().catch((error: unknown) => {
  process.stderr.write(`seed:scale: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
