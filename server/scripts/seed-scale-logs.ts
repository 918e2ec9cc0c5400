import type pg from 'pg';
import { SCALE, timed } from './seed-scale-common';

/** Rows per statement and transaction: a run that stops keeps the chunks it finished. */
const CHUNK = 1_000_000;

/** Log rows are spread over the last 180 days. */
const SPAN_SECONDS = 180 * 86_400;

/**
 * Issue 16: region and device columns with a realistic spread (most sign-ins from a few large
 * provinces, some from the office network or abroad; mostly Chrome and Edge on Windows, a fifth on
 * phones), from the row number alone so a rerun writes the same values.
 */
const REGIONS: [string, string | null, string | null][] = [
  ['中国', '广东省', '深圳市'],
  ['中国', '广东省', '广州市'],
  ['中国', '北京市', '北京市'],
  ['中国', '上海市', '上海市'],
  ['中国', '浙江省', '杭州市'],
  ['中国', '江苏省', '南京市'],
  ['中国', '四川省', '成都市'],
  ['中国', '湖北省', '武汉市'],
  ['中国', '山东省', '济南市'],
  ['中国', '河南省', '郑州市'],
  ['中国', '陕西省', '西安市'],
  ['中国', '福建省', '厦门市'],
  ['内网', null, null],
  ['内网', null, null],
  ['本机', null, null],
  ['美国', null, null],
];
const DEVICES: [string, string, string, string][] = [
  ['desktop', 'Windows', 'Chrome', 'web'],
  ['desktop', 'Windows', 'Chrome', 'web'],
  ['desktop', 'Windows', 'Microsoft Edge', 'web'],
  ['desktop', 'macOS', 'Safari', 'web'],
  ['desktop', 'Windows', 'Firefox', 'web'],
  ['mobile', 'Android', 'WeChat', 'mobile'],
  ['mobile', 'iOS', 'Safari', 'mobile'],
  ['unknown', '', '', 'api'],
];
const textArray = (values: (string | null)[]) =>
  `ARRAY[${values.map((v) => (v === null || v === '' ? 'NULL' : `'${v}'`)).join(', ')}]::text[]`;
const CLIENT_INFO = [
  `(${textArray(REGIONS.map((r) => r[0]))})[1 + g % ${REGIONS.length}]`,
  `(${textArray(REGIONS.map((r) => r[1]))})[1 + g % ${REGIONS.length}]`,
  `(${textArray(REGIONS.map((r) => r[2]))})[1 + g % ${REGIONS.length}]`,
  `(${textArray(DEVICES.map((d) => d[0]))})[1 + g / 3 % ${DEVICES.length}]`,
  `(${textArray(DEVICES.map((d) => d[1]))})[1 + g / 3 % ${DEVICES.length}]`,
  `(${textArray(DEVICES.map((d) => d[2]))})[1 + g / 3 % ${DEVICES.length}]`,
  `(${textArray(DEVICES.map((d) => d[3]))})[1 + g / 3 % ${DEVICES.length}]`,
].join(',\n             ');

const LOG_TABLES = {
  login_logs: (accounts: number, tenants: number, largest: number) => ({
    text: `INSERT INTO login_logs (tenant_id, id, account_id, username, mode, result, error_code, ip, user_agent, channel, created_at,
        region_country, region_province, region_city, device_type, os, browser, client, flags)
      SELECT tenant, 'sc-ll-' || g, 'acc-sc' || account, 'sc.u' || account,
             (ARRAY['password', 'sms', 'qr'])[1 + g % 3],
             CASE WHEN g % 17 = 0 THEN 'failure' ELSE 'success' END,
             CASE WHEN g % 17 = 0 THEN 'INVALID_CREDENTIALS' END,
             '10.' || (g % 256) || '.' || (g / 256 % 256) || '.' || (g / 65536 % 256),
             'Mozilla/5.0 (scale seed)', CASE WHEN g % 5 = 0 THEN 'mobile' ELSE 'web' END,
             now() - (g::float8 / $2 * ${SPAN_SECONDS}) * interval '1 second',
             ${CLIENT_INFO},
             CASE WHEN g % 17 = 0 AND g % 85 = 0 THEN '{failure-burst}'::text[]
                  WHEN g % 17 <> 0 AND g % 97 = 0 THEN '{new-region}'::text[]
                  WHEN g % 17 <> 0 AND g % 89 = 0 THEN '{new-device}'::text[]
                  ELSE '{}'::text[] END
      FROM (SELECT g, 1 + (g * 7919) % $3 AS account FROM generate_series($1::bigint, $4::bigint) g) s,
           LATERAL (SELECT ${tenantOfAccount('s.account', accounts, largest, tenants)} AS tenant) t`,
  }),
  usage_logs: (accounts: number, tenants: number, largest: number) => ({
    text: `INSERT INTO usage_logs (tenant_id, id, account_id, user_name, source, type, application_id, application_name, path, result, ip, user_agent, created_at,
        region_country, region_province, region_city, device_type, os, browser, client)
      SELECT tenant, 'sc-ul-' || g, 'acc-sc' || account, '规模用户' || account, 'web',
             CASE WHEN g % 9 = 0 THEN 2 ELSE 1 END, 'app-scale-' || (g % 12), '规模应用' || (g % 12),
             '/app/' || (g % 12), CASE WHEN g % 50 = 0 THEN 0 ELSE 1 END,
             '10.' || (g % 256) || '.' || (g / 256 % 256) || '.' || (g / 65536 % 256),
             'Mozilla/5.0 (scale seed)',
             now() - (g::float8 / $2 * ${SPAN_SECONDS}) * interval '1 second',
             ${CLIENT_INFO}
      FROM (SELECT g, 1 + (g * 7919) % $3 AS account FROM generate_series($1::bigint, $4::bigint) g) s,
           LATERAL (SELECT ${tenantOfAccount('s.account', accounts, largest, tenants)} AS tenant) t`,
  }),
} as const;

/** The tenant seed-scale.ts put an account in (the same formula as its memberships). */
function tenantOfAccount(account: string, accounts: number, largest: number, tenants: number) {
  return `'t-sc' || CASE WHEN ${account} <= ${largest} THEN 1
    ELSE 2 + floor((${tenants} - 1) * power((${account} - ${largest} - 1)::float8 / (${accounts} - ${largest}), 2))::int END`;
}

/**
 * login_logs and usage_logs, `rows` each, written by members of the scale tenants over the last
 * 180 days. Chunk by chunk, each in its own transaction: a chunk already there (its first id
 * exists) is skipped, so the step can be run again after an interruption.
 */
export const fillLogs = async (client: pg.ClientBase, rows: number) => {
  const { accounts, tenants, largestTenantMembers } = SCALE;
  for (const [table, statement] of Object.entries(LOG_TABLES)) {
    const prefix = table === 'login_logs' ? 'sc-ll-' : 'sc-ul-';
    for (let from = 1; from <= rows; from += CHUNK) {
      const to = Math.min(rows, from + CHUNK - 1);
      const there = await client.query(`SELECT 1 FROM ${table} WHERE id = $1`, [`${prefix}${from}`]);
      if (there.rowCount) {
        process.stdout.write(`  ${table} ${from}…${to} already there\n`);
        continue;
      }
      await timed(`${table} rows ${from.toLocaleString('en')}…${to.toLocaleString('en')}`, async () => {
        await client.query('BEGIN');
        try {
          await client.query(`SET LOCAL app.scope = 'platform'`);
          await client.query(`SET LOCAL synchronous_commit = off`);
          const { text } = statement(accounts, tenants, largestTenantMembers);
          await client.query(text, [from, rows, accounts, to]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
      });
    }
    await timed(`ANALYZE ${table}`, () => client.query(`ANALYZE ${table}`));
  }
};
