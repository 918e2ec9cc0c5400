import {
  LEDGER_DORMANT_DAYS,
  LEDGER_EXPIRING_DAYS,
  type TenantLedgerRow,
  tenantLedgerResource,
} from '@uniwim/contracts';
import { eq, isNull, type SQL, sql } from 'drizzle-orm';
import { tenants } from '../../db/schema';
import { type FieldSql, listPage, qualified } from '../../platform/admin/list-sql';
import type { ResourceDefinition, ResourceStore } from '../../platform/admin/resource-routes';
import type { Tx } from '../../platform/db/database';

const DAY_MS = 86_400_000;
const tenantId = qualified(tenants.id);

const expiring = sql`(${tenants.expiresAt} > now() AND ${tenants.expiresAt} <= now() + ${`${LEDGER_EXPIRING_DAYS} days`}::interval)`;
const expired = sql`(${tenants.expiresAt} <= now())`;
/** No member signed in for the dormancy period (the login log is indexed by tenant and time). */
const dormant = sql`(NOT EXISTS (
  SELECT 1 FROM login_logs l WHERE l.tenant_id = ${tenantId} AND l.result = 'success'
    AND l.created_at > now() - ${`${LEDGER_DORMANT_DAYS} days`}::interval))`;

const highlightCondition = (value: unknown): SQL | undefined =>
  value === 'expiring' ? expiring : value === 'expired' ? expired : value === 'dormant' ? dormant : undefined;

const fields: FieldSql = {
  code: tenants.code,
  name: tenants.name,
  status: tenants.status,
  seatsUsed: tenants.memberCount,
  expiresAt: tenants.expiresAt,
  createdAt: tenants.createdAt,
  highlights: highlightCondition,
};

const adminsOf = (column: 'name' | 'mobile') => sql<string[]>`coalesce((
  SELECT array_agg(a.${sql.raw(column)} ORDER BY a.${sql.raw(column)}) FROM membership_roles mr
  JOIN roles r ON r.tenant_id = mr.tenant_id AND r.id = mr.role_id AND r.is_admin
  JOIN accounts a ON a.id = mr.account_id
  WHERE mr.tenant_id = ${tenantId} AND a.${sql.raw(column)} IS NOT NULL
), '{}')`;

const columns = {
  id: tenants.id,
  code: tenants.code,
  name: tenants.name,
  status: tenants.status,
  seatsUsed: tenants.memberCount,
  seatLimit: tenants.seatLimit,
  expiresAt: tenants.expiresAt,
  createdAt: tenants.createdAt,
  version: tenants.version,
  packageNames: sql<string[]>`coalesce((
    SELECT array_agg(p.name ORDER BY p.name) FROM tenant_packages tp JOIN packages p ON p.id = tp.package_id
    WHERE tp.tenant_id = ${tenantId} AND tp.starts_on <= current_date AND (tp.ends_on IS NULL OR tp.ends_on >= current_date)
  ), '{}')`,
  adminNames: adminsOf('name'),
  adminMobiles: adminsOf('mobile'),
  applicationCount: sql<number>`(SELECT count(*)::int FROM tenant_applications ta WHERE ta.tenant_id = ${tenantId})`,
  lastSignInAt: sql<
    string | null
  >`(SELECT max(l.created_at) FROM login_logs l WHERE l.tenant_id = ${tenantId} AND l.result = 'success')`,
  isExpiring: sql<boolean>`coalesce(${expiring}, false)`,
  isExpired: sql<boolean>`coalesce(${expired}, false)`,
  isDormant: sql<boolean>`${dormant}`,
  // Kept by every upload and delete of the tenant's files (modules/files).
  storageUsedBytes: sql<
    number | null
  >`(SELECT fu.used_bytes::float8 FROM file_usage fu WHERE fu.tenant_id = ${tenantId})`,
};

interface Selected {
  id: string;
  code: string;
  name: string;
  status: 'active' | 'disabled';
  seatsUsed: number;
  seatLimit: number | null;
  expiresAt: Date | null;
  createdAt: Date;
  version: number;
  packageNames: string[];
  adminNames: string[];
  adminMobiles: string[];
  applicationCount: number;
  lastSignInAt: string | Date | null;
  isExpiring: boolean;
  isExpired: boolean;
  isDormant: boolean;
  storageUsedBytes: number | null;
}

const rowOf = (row: Selected, now: number): TenantLedgerRow => ({
  id: row.id,
  code: row.code,
  name: row.name,
  status: row.status,
  packageNames: row.packageNames,
  seatsUsed: row.seatsUsed,
  seatLimit: row.seatLimit,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  daysLeft: row.expiresAt ? Math.ceil((row.expiresAt.getTime() - now) / DAY_MS) : null,
  adminNames: row.adminNames,
  adminMobiles: row.adminMobiles,
  applicationCount: Number(row.applicationCount),
  lastSignInAt: row.lastSignInAt === null ? null : new Date(row.lastSignInAt).toISOString(),
  storageUsedBytes: row.storageUsedBytes === null ? null : Number(row.storageUsedBytes),
  highlights: [
    ...(row.isExpiring ? (['expiring'] as const) : []),
    ...(row.isExpired ? (['expired'] as const) : []),
    ...(row.isDormant ? (['dormant'] as const) : []),
  ],
  createdAt: row.createdAt.toISOString(),
  version: row.version,
});

/** The tenant register (read-only): live tenants with their packages, seats, expiry and activity. */
export const tenantLedgerStore: ResourceStore<TenantLedgerRow> = {
  label: (row) => row.name,
  list: async (tx: Tx, query) => {
    const { items, total } = await listPage(tx, {
      declaration: tenantLedgerResource,
      fields,
      table: tenants,
      columns,
      id: tenants.id,
      query,
      conditions: [isNull(tenants.deletedAt)],
    });
    const now = Date.now();
    return { items: items.map((row) => rowOf(row as unknown as Selected, now)), total };
  },
  get: async (tx, id) => {
    const [row] = await tx.select(columns).from(tenants).where(eq(tenants.id, id));
    return row ? rowOf(row as Selected, Date.now()) : undefined;
  },
};

export const tenantLedgerAdminResource = (): ResourceDefinition => ({
  declaration: tenantLedgerResource,
  store: tenantLedgerStore as unknown as ResourceDefinition['store'],
});
