import type pg from 'pg';
import { SCALE, timed } from './seed-scale-common';

/** Rows per statement and transaction: a run that stops keeps the chunks it finished. */
const CHUNK = 1_000_000;

/** Log rows are spread over the last 180 days. */
const SPAN_SECONDS = 180 * 86_400;

const LOG_TABLES = {
  login_logs: (accounts: number, tenants: number, largest: number) => ({
    text: `INSERT INTO login_logs (tenant_id, id, account_id, username, mode, result, error_code, ip, user_agent, channel, created_at)
      SELECT tenant, 'sc-ll-' || g, 'acc-sc' || account, 'sc.u' || account,
             (ARRAY['password', 'sms', 'qr'])[1 + g % 3],
             CASE WHEN g % 17 = 0 THEN 'failure' ELSE 'success' END,
             CASE WHEN g % 17 = 0 THEN 'WRONG_PASSWORD' END,
             '10.' || (g % 256) || '.' || (g / 256 % 256) || '.' || (g / 65536 % 256),
             'Mozilla/5.0 (scale seed)', CASE WHEN g % 5 = 0 THEN 'mobile' ELSE 'web' END,
             now() - (g::float8 / $2 * ${SPAN_SECONDS}) * interval '1 second'
      FROM (SELECT g, 1 + (g * 7919) % $3 AS account FROM generate_series($1::bigint, $4::bigint) g) s,
           LATERAL (SELECT ${tenantOfAccount('s.account', accounts, largest, tenants)} AS tenant) t`,
  }),
  usage_logs: (accounts: number, tenants: number, largest: number) => ({
    text: `INSERT INTO usage_logs (tenant_id, id, account_id, user_name, source, type, application_id, application_name, path, result, ip, user_agent, created_at)
      SELECT tenant, 'sc-ul-' || g, 'acc-sc' || account, '规模用户' || account, 'web',
             CASE WHEN g % 9 = 0 THEN 2 ELSE 1 END, 'app-scale-' || (g % 12), '规模应用' || (g % 12),
             '/app/' || (g % 12), CASE WHEN g % 50 = 0 THEN 0 ELSE 1 END,
             '10.' || (g % 256) || '.' || (g / 256 % 256) || '.' || (g / 65536 % 256),
             'Mozilla/5.0 (scale seed)',
             now() - (g::float8 / $2 * ${SPAN_SECONDS}) * interval '1 second'
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
