import {
  APPLICATION_USAGE_DAYS,
  type ApplicationOption,
  type ApplicationRow,
  applicationsResource,
} from '@uniwim/contracts';
import { and, asc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import { type FieldSql, type ListQuery, listPage, qualified } from '../../platform/admin/list-sql';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { applications } from './schema';

type RawRow = Record<string, unknown>;
const rowsOf = (result: unknown): RawRow[] => (result as { rows: RawRow[] }).rows;

/** A JSON array parameter: both drivers pass one text value, where a JS array would be expanded. */
const jsonList = (values: readonly string[]): SQL =>
  sql`(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

const applicationId = qualified(applications.id);
const tenantCount = sql<number>`(SELECT count(*)::int FROM tenant_applications ta WHERE ta.application_id = ${applicationId})`;
const menuCount = sql<number>`(SELECT count(*)::int FROM menu_items m WHERE m.application_id = ${applicationId} AND m.tenant_id IS NULL)`;

const fields: FieldSql = {
  name: applications.name,
  appKey: applications.appKey,
  category: applications.category,
  status: applications.status,
  owner: applications.owner,
  description: applications.description,
  tenantCount,
  menuCount,
  createdAt: applications.createdAt,
  updatedAt: applications.updatedAt,
};

const columns = {
  id: applications.id,
  appKey: applications.appKey,
  name: applications.name,
  icon: applications.icon,
  iconFileId: applications.iconFileId,
  category: applications.category,
  description: applications.description,
  owner: applications.owner,
  internalLink: applications.internalLink,
  externalLink: applications.externalLink,
  operatingManual: applications.operatingManual,
  manualFileId: applications.manualFileId,
  status: applications.status,
  appVersion: applications.version,
  tenantCount,
  menuCount,
  createdAt: applications.createdAt,
  updatedAt: applications.updatedAt,
  version: applications.rowVersion,
};

export type StoredApplication = Omit<ApplicationRow, 'usersLast30Days' | 'opensLast30Days'>;

const rowOf = (row: RawRow): StoredApplication => ({
  ...(row as unknown as StoredApplication),
  tenantCount: Number(row.tenantCount),
  menuCount: Number(row.menuCount),
  createdAt: (row.createdAt as Date).toISOString(),
  updatedAt: (row.updatedAt as Date).toISOString(),
});

export interface ApplicationUsage {
  users: number;
  opens: number;
}

/** The catalogue's SQL (platform scope). */
export const applicationsRepo = {
  list: async (tx: Tx, query: ListQuery) => {
    const { items, total } = await listPage(tx, {
      declaration: applicationsResource,
      fields,
      table: applications,
      columns,
      id: applications.id,
      query,
    });
    return { items: items.map(rowOf), total };
  },

  get: async (tx: Tx, id: string): Promise<StoredApplication | undefined> => {
    const [row] = await tx.select(columns).from(applications).where(eq(applications.id, id));
    return row ? rowOf(row as RawRow) : undefined;
  },

  findByKey: async (tx: Tx, appKey: string): Promise<StoredApplication | undefined> => {
    const [row] = await tx.select(columns).from(applications).where(eq(applications.appKey, appKey));
    return row ? rowOf(row as RawRow) : undefined;
  },

  insert: (tx: Tx, values: typeof applications.$inferInsert) => tx.insert(applications).values(values),

  /** Optimistic locking on row_version (`version` is the application's version text). */
  updateAtVersion: async (
    tx: Tx,
    id: string,
    version: number,
    values: Partial<typeof applications.$inferInsert>,
  ): Promise<void> => {
    const changed = await tx
      .update(applications)
      .set({ ...values, rowVersion: sql`${applications.rowVersion} + 1`, updatedAt: sql`now()` })
      .where(and(eq(applications.id, id), eq(applications.rowVersion, version)))
      .returning({ id: applications.id });
    if (changed.length === 0) throw new AppError('VERSION_CONFLICT');
  },

  /** What keeps an application from going: tenants empowered to use it, packages holding its items. */
  usersOf: async (tx: Tx, id: string): Promise<{ tenants: number; packages: string[] }> => {
    const [row] = rowsOf(
      await tx.execute(sql`
        SELECT (SELECT count(*)::int FROM tenant_applications WHERE application_id = ${id}) AS tenants,
               coalesce((SELECT array_agg(DISTINCT p.name ORDER BY p.name) FROM packages p
                 JOIN package_menu_items pmi ON pmi.package_id = p.id
                 JOIN menu_items m ON m.id = pmi.menu_id WHERE m.application_id = ${id}), '{}') AS packages`),
    );
    return { tenants: Number(row?.tenants ?? 0), packages: (row?.packages as string[] | null) ?? [] };
  },

  remove: (tx: Tx, id: string) => tx.delete(applications).where(eq(applications.id, id)),

  /**
   * Users (signed-in accounts and visitors, each counted once) and opens (access logs) of the last
   * APPLICATION_USAGE_DAYS days, per application; one index range each (migration 0024).
   */
  usage: async (tx: Tx, ids: readonly string[]): Promise<Map<string, ApplicationUsage>> => {
    const rows = rowsOf(
      await tx.execute(sql`
        SELECT application_id, count(*)::int AS opens,
               count(DISTINCT coalesce(account_id, 'visitor:' || visitor_id))::int AS users
        FROM usage_logs
        WHERE application_id IN ${jsonList(ids)} AND type = 1
          AND created_at >= now() - make_interval(days => ${APPLICATION_USAGE_DAYS})
        GROUP BY application_id`),
    );
    return new Map(
      rows.map((row) => [
        row.application_id as string,
        { users: Number(row.users), opens: Number(row.opens) },
      ]),
    );
  },

  options: async (tx: Tx): Promise<ApplicationOption[]> =>
    tx
      .select({
        id: applications.id,
        appKey: applications.appKey,
        name: applications.name,
        status: applications.status,
        icon: applications.icon,
      })
      .from(applications)
      .orderBy(asc(applications.name), asc(applications.id)),

  categories: async (tx: Tx): Promise<string[]> =>
    (
      await tx
        .selectDistinct({ category: applications.category })
        .from(applications)
        .where(isNotNull(applications.category))
        .orderBy(asc(applications.category))
    ).map((row) => row.category as string),
};
