import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';

/** One application opening of the member (usage log type 1). */
export interface RecentVisit {
  applicationId: string;
  functionId: string | null;
  visitedAt: Date;
}

interface ArrangementRow {
  application_order: string[];
  favourites: string[];
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const numberOf = (value: unknown): number => Number(value ?? 0);
/** Openings read to find the latest distinct applications: enough for a few applications each. */
const RECENT_SCAN = 200;

/** Every SQL statement of the home and the workbench; each runs in its tenant's row-level scope. */
export const createHomeRepo = (db: Database) => ({
  /** The tenant's chosen KPI cards; null when it never chose (the default cards). */
  widgetSettings: async (tenantId: string): Promise<string[] | null> => {
    const [row] = rowsOf<{ widgets: string[] }>(
      await db.withTenant(tenantId, (tx) =>
        tx.execute(sql`SELECT widgets FROM home_widget_settings WHERE tenant_id = ${tenantId}`),
      ),
    );
    return row ? row.widgets : null;
  },

  saveWidgetSettings: (tenantId: string, widgets: string[]): Promise<void> =>
    db.withTenant(tenantId, async (tx) => {
      await tx.execute(sql`
        INSERT INTO home_widget_settings (tenant_id, widgets, updated_at)
        VALUES (${tenantId}, ${JSON.stringify(widgets)}::jsonb, now())
        ON CONFLICT (tenant_id) DO UPDATE SET widgets = EXCLUDED.widgets, updated_at = now()`);
    }),

  arrangement: async (
    tenantId: string,
    accountId: string,
  ): Promise<{ order: string[]; favourites: string[] } | null> => {
    const [row] = rowsOf<ArrangementRow>(
      await db.withTenant(tenantId, (tx) =>
        tx.execute(sql`
          SELECT application_order, favourites FROM workbench_layouts
          WHERE tenant_id = ${tenantId} AND account_id = ${accountId}`),
      ),
    );
    return row ? { order: row.application_order, favourites: row.favourites } : null;
  },

  saveArrangement: (
    tenantId: string,
    accountId: string,
    arrangement: { order: string[]; favourites: string[] },
  ): Promise<void> =>
    db.withTenant(tenantId, async (tx) => {
      await tx.execute(sql`
        INSERT INTO workbench_layouts (tenant_id, account_id, application_order, favourites, updated_at)
        VALUES (${tenantId}, ${accountId}, ${JSON.stringify(arrangement.order)}::jsonb,
                ${JSON.stringify(arrangement.favourites)}::jsonb, now())
        ON CONFLICT (tenant_id, account_id) DO UPDATE SET
          application_order = EXCLUDED.application_order,
          favourites = EXCLUDED.favourites,
          updated_at = now()`);
    }),

  resetArrangement: (tenantId: string, accountId: string): Promise<void> =>
    db.withTenant(tenantId, async (tx) => {
      await tx.execute(
        sql`DELETE FROM workbench_layouts WHERE tenant_id = ${tenantId} AND account_id = ${accountId}`,
      );
    }),

  /** The applications' catalogue fields the workbench shows (icon, category). */
  applicationDetails: async (
    tenantId: string,
    ids: string[],
  ): Promise<Map<string, { icon: string | null; category: string | null }>> => {
    if (ids.length === 0) return new Map();
    const rows = rowsOf<{ id: string; icon: string | null; category: string | null }>(
      await db.withTenant(tenantId, (tx) =>
        tx.execute(sql`
          SELECT id, icon, category FROM applications
          WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`),
      ),
    );
    return new Map(rows.map((row) => [row.id, { icon: row.icon, category: row.category }]));
  },

  /** The member's latest application openings, one per application (newest first). */
  recentVisits: async (tenantId: string, accountId: string): Promise<RecentVisit[]> => {
    const rows = rowsOf<{ application_id: string; function_id: string | null; created_at: string | Date }>(
      await db.withTenant(tenantId, (tx) =>
        tx.execute(sql`
          SELECT DISTINCT ON (application_id) application_id, function_id, created_at
          FROM (
            SELECT application_id, function_id, created_at FROM usage_logs
            WHERE tenant_id = ${tenantId} AND account_id = ${accountId} AND type = 1
            ORDER BY created_at DESC LIMIT ${RECENT_SCAN}
          ) latest
          ORDER BY application_id, created_at DESC`),
      ),
    );
    return rows
      .map((row) => ({
        applicationId: row.application_id,
        functionId: row.function_id,
        visitedAt: new Date(row.created_at),
      }))
      .sort((a, b) => b.visitedAt.getTime() - a.visitedAt.getTime());
  },

  /** Kept by triggers on tenant_memberships (migration 0022): no count of the members themselves. */
  memberCount: async (tenantId: string): Promise<number> => {
    const [row] = rowsOf<{ member_count: number }>(
      await db.withTenant(tenantId, (tx) =>
        tx.execute(sql`SELECT member_count FROM tenants WHERE id = ${tenantId}`),
      ),
    );
    return numberOf(row?.member_count);
  },

  /** Published applications the tenant is empowered to use. */
  applicationsInUse: async (tenantId: string): Promise<number> => {
    const [row] = rowsOf<{ n: number | string }>(
      await db.withTenant(tenantId, (tx) =>
        tx.execute(sql`
          SELECT count(*) AS n FROM tenant_applications ta
          JOIN applications a ON a.id = ta.application_id
          WHERE ta.tenant_id = ${tenantId} AND a.status = 'published'`),
      ),
    );
    return numberOf(row?.n);
  },

  /** Successful sign-ins to the tenant since midnight in its time zone (issue 25), from the partial index. */
  signInsToday: async (tenantId: string): Promise<number> => {
    const zone = sql`(SELECT time_zone FROM tenants WHERE id = ${tenantId})`;
    const [row] = rowsOf<{ n: number | string }>(
      await db.withTenant(tenantId, (tx) =>
        tx.execute(sql`
          SELECT count(*) AS n FROM login_logs
          WHERE tenant_id = ${tenantId} AND result = 'success'
            AND created_at >= ((now() AT TIME ZONE ${zone})::date::timestamp AT TIME ZONE ${zone})`),
      ),
    );
    return numberOf(row?.n);
  },
});

export type HomeRepo = ReturnType<typeof createHomeRepo>;
