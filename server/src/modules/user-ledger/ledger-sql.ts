import {
  type ResourceDeclaration,
  USER_LEDGER_DORMANT_DAYS,
  USER_LEDGER_EXPIRING_DAYS,
} from '@uniwim/contracts';
import { and, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { accounts, tenantMemberships, tenants } from '../../db/schema';
import { departmentsInSightCondition, type ViewerScope } from '../../platform/admin/data-scope';
import {
  escapeLike,
  type FieldSql,
  type ListQuery,
  listOrder,
  listWhere,
  offsetOf,
  qualified,
} from '../../platform/admin/list-sql';
import type { Tx } from '../../platform/db/database';
import { departments } from '../departments/schema';
import type { LedgerSelect } from './ledger-row';

const memberTenant = qualified(tenantMemberships.tenantId);
const memberAccount = qualified(tenantMemberships.accountId);
const lastActive = sql`coalesce(${tenantMemberships.lastSignInAt}, ${tenantMemberships.createdAt})`;

/** The highlights as conditions, the same rules ledgerRowOf marks rows with. */
const highlightCondition = (value: unknown, lockedUsernames: readonly string[]): SQL | undefined => {
  switch (value) {
    case 'dormant':
      return sql`${lastActive} < now() - ${`${USER_LEDGER_DORMANT_DAYS} days`}::interval`;
    case 'expiring':
      return sql`(${tenantMemberships.expiresAt} > now() AND ${tenantMemberships.expiresAt} <= now() + ${`${USER_LEDGER_EXPIRING_DAYS} days`}::interval)`;
    case 'expired':
      return sql`${tenantMemberships.expiresAt} <= now()`;
    case 'locked':
      return lockedUsernames.length === 0
        ? sql`false`
        : sql`lower(${accounts.username}) IN (${sql.join(
            lockedUsernames.map((name) => sql`${name}`),
            sql`, `,
          )})`;
    default:
      return undefined;
  }
};

const status = sql<
  'active' | 'disabled'
>`CASE WHEN ${accounts.status} = 'disabled' THEN 'disabled' ELSE ${tenantMemberships.status} END`;

const fieldsOf = (lockedUsernames: readonly string[]): FieldSql => ({
  // Account or name (and mobile), as the one lower-case text the membership keeps (migration 0021):
  // a search reads the members alone, not each one's account.
  q: (value) =>
    typeof value === 'string' && value !== ''
      ? sql`${tenantMemberships.searchText} LIKE ${`%${escapeLike(value.toLowerCase())}%`}`
      : undefined,
  tenant: tenants.name,
  username: accounts.username,
  name: accounts.name,
  department: departments.name,
  status,
  source: tenantMemberships.source,
  twoFactorEnabled: accounts.twoFactorEnabled,
  highlights: (value) => highlightCondition(value, lockedUsernames),
  lastSignInAt: tenantMemberships.lastSignInAt,
  createdAt: tenantMemberships.createdAt,
  expiresAt: tenantMemberships.expiresAt,
  passwordChangedAt: accounts.passwordChangedAt,
});

const columns = {
  tenantId: tenantMemberships.tenantId,
  tenantName: tenants.name,
  accountId: tenantMemberships.accountId,
  username: accounts.username,
  name: accounts.name,
  departmentId: tenantMemberships.departmentId,
  departmentName: departments.name,
  roleNames: sql<string[]>`coalesce((
    SELECT array_agg(r.name ORDER BY r.sort, r.name) FROM membership_roles mr
    JOIN roles r ON r.tenant_id = mr.tenant_id AND r.id = mr.role_id
    WHERE mr.tenant_id = ${memberTenant} AND mr.account_id = ${memberAccount}
  ), '{}')`,
  memberStatus: tenantMemberships.status,
  accountStatus: accounts.status,
  source: tenantMemberships.source,
  createdAt: tenantMemberships.createdAt,
  lastSignInAt: tenantMemberships.lastSignInAt,
  lastSignInIp: tenantMemberships.lastSignInIp,
  twoFactorEnabled: accounts.twoFactorEnabled,
  passwordChangedAt: accounts.passwordChangedAt,
  hasPassword: sql<boolean>`(${accounts.passwordHash} IS NOT NULL)`,
  expiresAt: tenantMemberships.expiresAt,
  version: tenantMemberships.version,
};

/** Who is asked about: one tenant's members (under the viewer's scope), or every tenant's. */
export interface LedgerReach {
  tenantId: string | null;
  scope: ViewerScope | null;
  lockedUsernames: readonly string[];
}

const reachConditions = (reach: LedgerReach): (SQL | undefined)[] => [
  reach.tenantId === null ? undefined : eq(tenantMemberships.tenantId, reach.tenantId),
  // An invitation not yet accepted is nobody's membership yet (issue 24): the register leaves it out.
  ne(tenantMemberships.status, 'invited'),
  // The member's department is what the viewer's data scope is about; their own row is always seen.
  reach.scope && reach.tenantId !== null
    ? departmentsInSightCondition(
        reach.tenantId,
        { department: tenantMemberships.departmentId, owner: tenantMemberships.accountId },
        undefined,
        reach.scope,
      )
    : undefined,
];

/**
 * The tables each filter or sort reads beside the membership: the page is chosen joining only those
 * (every member has an account and a tenant), and only its rows are joined with everything else.
 */
const FILTER_TABLES: Record<string, 'accounts' | 'tenants' | 'departments'> = {
  tenant: 'tenants',
  username: 'accounts',
  name: 'accounts',
  status: 'accounts',
  twoFactorEnabled: 'accounts',
  passwordChangedAt: 'accounts',
  department: 'departments',
};

const SORT_TABLES: Record<string, 'accounts'> = {
  username: 'accounts',
  name: 'accounts',
  passwordChangedAt: 'accounts',
};

const joinsOf = (query: ListQuery): Set<'accounts' | 'tenants' | 'departments'> => {
  const given = (field: string) => query[field] !== undefined && query[field] !== '';
  const tables = new Set(
    Object.keys(FILTER_TABLES)
      .filter(given)
      .map((field) => FILTER_TABLES[field]!),
  );
  if (query.highlights === 'locked') tables.add('accounts');
  for (const field of String(query.sort ?? '').split(',')) {
    const table = SORT_TABLES[field.replace(/^-/, '')];
    if (table) tables.add(table);
  }
  return tables;
};

/** The members joined with their account, department and tenant (every member has all but a department). */
const joined = <T extends { from: (table: typeof tenantMemberships) => unknown }>(select: T) =>
  // biome-ignore lint/suspicious/noExplicitAny: drizzle's builder types do not survive a generic helper
  (select.from(tenantMemberships) as any)
    .innerJoin(accounts, eq(accounts.id, tenantMemberships.accountId))
    .innerJoin(tenants, eq(tenants.id, tenantMemberships.tenantId))
    .leftJoin(
      departments,
      and(
        eq(departments.tenantId, tenantMemberships.tenantId),
        eq(departments.id, tenantMemberships.departmentId),
      ),
    );

/** The user register's SQL: one page with its total, and one member. */
export const userLedgerSql = {
  list: async (
    tx: Tx,
    declaration: Pick<ResourceDeclaration, 'filters' | 'searchable' | 'defaultSort'>,
    query: ListQuery,
    reach: LedgerReach,
  ): Promise<{ items: LedgerSelect[]; total: number }> => {
    const fields = fieldsOf(reach.lockedUsernames);
    const where = listWhere(declaration, fields, query, ...reachConditions(reach));
    const order = listOrder(declaration, fields, query, tenantMemberships.accountId);
    // The page and its total in one pass over the matching members (a window count), joining only
    // what the filters and the sort read; then the page's rows alone are joined with the rest.
    const joins = joinsOf(query);
    const matching = <T extends SelectedFields>(selection: T) => {
      // biome-ignore lint/suspicious/noExplicitAny: drizzle's builder types do not survive optional joins
      let from: any = tx.select(selection).from(tenantMemberships).$dynamic();
      if (joins.has('accounts'))
        from = from.innerJoin(accounts, eq(accounts.id, tenantMemberships.accountId));
      if (joins.has('tenants')) from = from.innerJoin(tenants, eq(tenants.id, tenantMemberships.tenantId));
      if (joins.has('departments'))
        from = from.innerJoin(
          departments,
          and(
            eq(departments.tenantId, tenantMemberships.tenantId),
            eq(departments.id, tenantMemberships.departmentId),
          ),
        );
      return from.where(where);
    };
    const page = matching({
      tenantId: tenantMemberships.tenantId,
      accountId: tenantMemberships.accountId,
      total: sql<number>`count(*) OVER ()`.as('total'),
    })
      .orderBy(...order)
      .limit(query.pageSize)
      .offset(offsetOf(query))
      .as('page');
    const rows = (await tx
      .select({ ...columns, total: page.total })
      .from(page)
      .innerJoin(
        tenantMemberships,
        and(eq(tenantMemberships.tenantId, page.tenantId), eq(tenantMemberships.accountId, page.accountId)),
      )
      .innerJoin(accounts, eq(accounts.id, tenantMemberships.accountId))
      .innerJoin(tenants, eq(tenants.id, tenantMemberships.tenantId))
      .leftJoin(
        departments,
        and(
          eq(departments.tenantId, tenantMemberships.tenantId),
          eq(departments.id, tenantMemberships.departmentId),
        ),
      )
      .orderBy(...order)) as (LedgerSelect & { total: number })[];
    // A page past the end has no row to carry the total: then it is counted on its own.
    const total =
      rows.length > 0
        ? Number(rows[0]!.total)
        : offsetOf(query) === 0
          ? 0
          : Number((await matching({ n: count() }))[0]?.n ?? 0);
    const items = rows.map(({ total: _total, ...row }) => row as LedgerSelect);
    return { items, total };
  },

  get: async (tx: Tx, tenantId: string, accountId: string, reach: LedgerReach) => {
    const [row] = await joined(tx.select(columns)).where(
      and(
        eq(tenantMemberships.tenantId, tenantId),
        eq(tenantMemberships.accountId, accountId),
        ...reachConditions(reach),
      ),
    );
    return row as LedgerSelect | undefined;
  },
};
