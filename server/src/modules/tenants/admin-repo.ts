import {
  filterParameterNames,
  TENANT_PURGE_GRACE_DAYS,
  type TenantRow,
  tenantsResource,
} from '@uniwim/contracts';
import { and, eq, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { tenants } from '../../db/schema';
import {
  escapeLike,
  type FieldSql,
  type ListQuery,
  listAfter,
  listCursor,
  listOrder,
  listWhere,
  NOT_COUNTED,
  offsetOf,
  qualified,
} from '../../platform/admin/list-sql';
import { updateAtVersion } from '../../platform/admin/versioned-update';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { packagesHeldSql } from '../packages/entitlements';
import { tenantDomains, tenantTotals } from './schema';

const DAY_MS = 86_400_000;

const tenantId = qualified(tenants.id);
const domainsOf = sql<string[]>`coalesce((
  SELECT array_agg(d.domain ORDER BY d.created_at, d.domain) FROM ${tenantDomains} d WHERE d.tenant_id = ${tenantId}
), '{}')`;

const fields: FieldSql = {
  code: tenants.code,
  name: tenants.name,
  contactName: tenants.contactName,
  contactPhone: tenants.contactPhone,
  status: tenants.status,
  usersUsed: tenants.memberCount,
  expiresAt: tenants.expiresAt,
  createdAt: tenants.createdAt,
  // Conditions an index can answer (the recycle bin's partial index; the trigram index on the
  // domains kept in tenants.domains_text, see migration 0015): `(deleted_at IS NOT NULL) = true`
  // or a subquery per tenant would read every tenant.
  deleted: (value) =>
    value === undefined
      ? undefined
      : value === 'true'
        ? isNotNull(tenants.deletedAt)
        : isNull(tenants.deletedAt),
  domain: tenants.domainsText,
  // Tenants holding a package whose name contains the text (each tenant's packages by its key).
  package: (value) =>
    typeof value === 'string' && value.trim() !== ''
      ? sql`EXISTS (SELECT 1 FROM tenant_packages tp JOIN packages p ON p.id = tp.package_id
          WHERE tp.tenant_id = ${tenantId} AND p.name ILIKE ${`%${escapeLike(value.trim())}%`})`
      : undefined,
};

const columns = {
  id: tenants.id,
  code: tenants.code,
  name: tenants.name,
  contactName: tenants.contactName,
  contactPhone: tenants.contactPhone,
  status: tenants.status,
  usersUsed: tenants.memberCount,
  seatLimit: tenants.seatLimit,
  expiresAt: tenants.expiresAt,
  createdAt: tenants.createdAt,
  deletedAt: tenants.deletedAt,
  version: tenants.version,
  domains: domainsOf,
  packages: packagesHeldSql(sql.raw('"tenants"."id"')),
};

interface TenantSelect {
  id: string;
  code: string;
  name: string;
  contactName: string | null;
  contactPhone: string | null;
  status: 'active' | 'disabled';
  usersUsed: number;
  seatLimit: number | null;
  expiresAt: Date | null;
  createdAt: Date;
  deletedAt: Date | null;
  version: number;
  domains: string[];
  packages: TenantRow['packages'];
}

export const tenantRowOf = (row: TenantSelect, now = Date.now()): TenantRow => ({
  ...row,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  daysLeft: row.expiresAt ? Math.ceil((row.expiresAt.getTime() - now) / DAY_MS) : null,
  createdAt: row.createdAt.toISOString(),
  deletedAt: row.deletedAt?.toISOString() ?? null,
  purgeableAt: row.deletedAt
    ? new Date(row.deletedAt.getTime() + TENANT_PURGE_GRACE_DAYS * DAY_MS).toISOString()
    : null,
});

/** Whether a list names any filter but the recycle bin's (or a search). */
const filtered = (query: ListQuery) =>
  Boolean(query.q) ||
  Object.entries(tenantsResource.filters).some(
    ([field, kind]) =>
      field !== 'deleted' &&
      filterParameterNames(field, kind).some((name) => query[name] !== undefined && query[name] !== ''),
  );

/**
 * How many tenants the list's conditions match, exactly, as an expression the page's own statement
 * carries (one round trip, not two): without a filter from the totals the triggers keep (one row,
 * migration 0015), otherwise counted where the filters' indexes lead. The inner FROM tenants hides
 * the outer one, so the conditions count every match, not the page's row.
 */
const totalSql = (query: ListQuery, where: SQL | undefined): SQL<number> =>
  filtered(query)
    ? sql<number>`(SELECT count(*)::int FROM ${tenants} WHERE ${where ?? sql`true`})`
    : sql<number>`(SELECT ${query.deleted === 'true' ? tenantTotals.deleted : tenantTotals.live} FROM ${tenantTotals})`;

/** The tenants table as the tenant pages read and change it (platform scope). */
export const tenantsAdminRepo = {
  list: async (tx: Tx, query: ListQuery) => {
    // The recycle bin is the list with deleted=true; otherwise deleted tenants are not shown.
    const binView = query.deleted === undefined ? isNull(tenants.deletedAt) : undefined;
    const keyset = query.after !== undefined;
    const keysetAfter = keyset ? listAfter(tenantsResource, fields, query, tenants.id) : undefined;
    const where = listWhere(tenantsResource, fields, query, binView, keysetAfter);
    const order = listOrder(tenantsResource, fields, query, tenants.id);
    const now = Date.now();
    if (keyset) {
      const items = await tx
        .select({ ...columns, cursor: listCursor(tenantsResource, fields, query, tenants.id) })
        .from(tenants)
        .where(where)
        .orderBy(...order)
        .limit(query.pageSize);
      const last = items.at(-1);
      return {
        items: items.map(({ cursor: _cursor, ...row }) => tenantRowOf(row as TenantSelect, now)),
        total: NOT_COUNTED,
        ...(items.length === query.pageSize && last ? { nextAfter: last.cursor } : {}),
      };
    }
    const items = await tx
      .select({ ...columns, total: totalSql(query, where) })
      .from(tenants)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset(offsetOf(query));
    // A page past the end carries no row to tell the total: counted on its own then.
    const [counted] =
      items.length > 0 || query.page === 1
        ? []
        : await tx.select({ total: totalSql(query, where) }).from(sql`(SELECT 1) AS one`);
    return {
      items: items.map(({ total: _total, ...row }) => tenantRowOf(row as TenantSelect, now)),
      total: items[0]?.total ?? counted?.total ?? 0,
    };
  },

  /** Tenants by code, deleted ones included (an import must not create a code the bin holds). */
  findByCodes: async (tx: Tx, codes: string[]): Promise<TenantRow[]> => {
    if (codes.length === 0) return [];
    const rows = await tx.select(columns).from(tenants).where(inArray(tenants.code, codes));
    const now = Date.now();
    return rows.map((row) => tenantRowOf(row as TenantSelect, now));
  },

  get: async (tx: Tx, id: string): Promise<TenantRow | undefined> => {
    const [row] = await tx.select(columns).from(tenants).where(eq(tenants.id, id));
    return row ? tenantRowOf(row as TenantSelect) : undefined;
  },

  /** Changes the row only at the version it was read at; the version goes up by one. */
  updateAtVersion: (tx: Tx, id: string, version: number, values: Partial<typeof tenants.$inferInsert>) =>
    updateAtVersion(tx, tenants, id, version, values),

  /** Domains are unique across tenants: the answer names the one taken. */
  replaceDomains: async (tx: Tx, tenantId: string, domains: string[]) => {
    if (domains.length > 0) {
      const taken = await tx
        .select({ domain: tenantDomains.domain })
        .from(tenantDomains)
        .where(and(inArray(tenantDomains.domain, domains), ne(tenantDomains.tenantId, tenantId)));
      if (taken[0]) {
        const message = `域名已被其他租户使用：${taken[0].domain}`;
        throw new AppError('DUPLICATE', message, [{ path: 'body.domains', message }]);
      }
    }
    await tx.delete(tenantDomains).where(eq(tenantDomains.tenantId, tenantId));
    if (domains.length > 0) {
      await tx.insert(tenantDomains).values(domains.map((domain) => ({ domain, tenantId })));
    }
    // The first domain stays the primary one the sign-in page and older paths read.
    await tx
      .update(tenants)
      .set({ domain: domains[0] ?? null })
      .where(eq(tenants.id, tenantId));
  },

  /**
   * Everything a tenant owns goes, for the purge: every table with a tenant_id (counted before any
   * row goes, so cascades do not hide rows from the report), then the tenant itself.
   */
  purge: async (tx: Tx, tenantId: string): Promise<Record<string, number>> => {
    const owned = await tx.execute(sql`
      SELECT table_name AS name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name = 'tenant_id' ORDER BY table_name`);
    const tables = (owned as unknown as { rows: { name: string }[] }).rows.map((row) => row.name);
    const report: Record<string, number> = {};
    for (const table of tables) {
      const counted = await tx.execute(
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE tenant_id = ${tenantId}`,
      );
      const n = Number((counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
      if (n > 0) report[table] = n;
    }
    for (const table of await referencingFirst(tx, tables)) {
      await tx.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE tenant_id = ${tenantId}`);
    }
    await tx.delete(tenants).where(eq(tenants.id, tenantId));
    return report;
  },
};

/**
 * The tables in an order a delete can follow: a table whose rows point at another's (a member's
 * department, say, without a cascade) comes before the table it points at.
 */
const referencingFirst = async (tx: Tx, tables: string[]): Promise<string[]> => {
  const found = await tx.execute(sql`
    SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
    FROM pg_constraint c WHERE c.contype = 'f' AND c.conrelid <> c.confrelid`);
  const edges = (found as unknown as { rows: { child: string; parent: string }[] }).rows;
  const ordered: string[] = [];
  const placed = new Set<string>();
  const place = (table: string, seen: Set<string>) => {
    if (placed.has(table) || seen.has(table)) return;
    seen.add(table);
    for (const edge of edges)
      if (edge.parent === table && tables.includes(edge.child)) place(edge.child, seen);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) place(table, new Set());
  return ordered;
};

export const activeTenantFilter = (): SQL => isNull(tenants.deletedAt);
