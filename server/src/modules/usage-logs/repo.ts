import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/database';

/** One usage_logs row, keyed by column name: the batch is sent as one JSON document. */
export interface UsageLogRow {
  tenant_id: string | null;
  id: string;
  account_id: string | null;
  visitor_id: string | null;
  /** Set instead of account_id and visitor_id when an application's API credential posted the log. */
  api_client_id: string | null;
  user_name: string;
  source: string;
  type: 1 | 2;
  application_id: string;
  application_name: string | null;
  function_id: string | null;
  function_name: string | null;
  path: string | null;
  result: 0 | 1;
  ip: string | null;
  user_agent: string | null;
  /** When the request arrived (ISO 8601), not when the batch was written. */
  created_at: string;
  // Issue 16: parsed once as the row is queued (client-info).
  region_country: string | null;
  region_province: string | null;
  region_city: string | null;
  device_type: string | null;
  os: string | null;
  browser: string | null;
  client: string | null;
}

const COLUMNS = sql.raw(
  [
    'tenant_id',
    'id',
    'account_id',
    'visitor_id',
    'api_client_id',
    'user_name',
    'source',
    'type',
    'application_id',
    'application_name',
    'function_id',
    'function_name',
    'path',
    'result',
    'ip',
    'user_agent',
    'created_at',
    // Issue 16: region and device
    'region_country',
    'region_province',
    'region_city',
    'device_type',
    'os',
    'browser',
    'client',
  ].join(', '),
);

/**
 * The whole batch is one statement with one parameter: a JSON array expanded by
 * json_populate_recordset. Unlike a VALUES list its text does not grow with the batch, and it stays
 * far from PostgreSQL's limit of 65,535 bind parameters.
 */
const insertRows = async (tx: Tx, rows: UsageLogRow[]): Promise<void> => {
  await tx.execute(
    sql`INSERT INTO usage_logs (${COLUMNS}) SELECT ${COLUMNS} FROM json_populate_recordset(NULL::usage_logs, ${JSON.stringify(rows)}::json)`,
  );
};

export const createUsageLogsRepo = (db: Database) => ({
  /**
   * Rows of one tenant go in through that tenant's row-level security (the policy checks every
   * row's tenant_id); rows without a tenant (visitors on the platform's pages, platform admins in
   * the platform scope) through the platform path.
   */
  insertBatch: (tenantId: string | null, rows: UsageLogRow[]): Promise<void> =>
    tenantId
      ? db.withTenant(tenantId, (tx) => insertRows(tx, rows))
      : db.asPlatform((tx) => insertRows(tx, rows)),
});

export type UsageLogsRepo = ReturnType<typeof createUsageLogsRepo>;
