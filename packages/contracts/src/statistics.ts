import { z } from 'zod';
import { isoDaySchema } from './dates';

/*
 * Issue 16: /loginStatistics and /systemVisitStatistics, read from daily rollups (each tenant's days
 * in its time zone, all tenants' in the platform's: issue 25)
 * with today computed live; tenant pages under /ump/admin/statistics, all tenants under
 * /dmp/admin/statistics. One request per page answers every chart.
 */

const day = isoDaySchema;

/** Longest period one dashboard covers. */
export const STATISTICS_MAX_DAYS = 366;

export const statisticsQuerySchema = z.strictObject({
  /** First and last day of the period (inclusive); default the last 30 days. */
  from: day.optional(),
  to: day.optional(),
  /** Platform pages: narrow to one tenant (drill-down from the tenant ranking). */
  tenantId: z.string().trim().min(1).max(64).optional(),
  /** Visit page: rank the menus of this application (drill-down from the application ranking). */
  applicationId: z.string().trim().min(1).max(64).optional(),
});
export type StatisticsQuery = z.infer<typeof statisticsQuerySchema>;

/** A figure of the period and of the period just before it, as long. */
export const kpiSchema = z.object({ value: z.number(), previous: z.number() });
export type Kpi = z.infer<typeof kpiSchema>;

export const keyedCountSchema = z.object({ key: z.string(), value: z.number() });
export type KeyedCount = z.infer<typeof keyedCountSchema>;

/** Hour (0–23) by weekday (0 Monday … 6 Sunday). */
export const heatCellSchema = z.object({
  weekday: z.number().int(),
  hour: z.number().int(),
  value: z.number(),
});
export type HeatCell = z.infer<typeof heatCellSchema>;

export const maintenanceRunSchema = z.object({
  id: z.string(),
  kind: z.enum(['cleanup', 'rollup']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  status: z.enum(['running', 'succeeded', 'failed']),
  rowsRemoved: z.number(),
  rowsWritten: z.number(),
  partitionsDropped: z.array(z.string()),
  days: z.array(z.string()),
  error: z.string().nullable(),
});
export type MaintenanceRunAnswer = z.infer<typeof maintenanceRunSchema>;

export const statisticsMaintenanceSchema = z.object({
  cleanup: maintenanceRunSchema.nullable(),
  rollup: maintenanceRunSchema.nullable(),
});

const periodFields = {
  from: z.string(),
  to: z.string(),
  previousFrom: z.string(),
  previousTo: z.string(),
  /** Set when narrowed to one tenant. */
  tenantId: z.string().nullable(),
  /** The zone the days and hours are counted in: the tenant's, or the platform's for all tenants. */
  timeZone: z.string(),
  /** Today in that zone (the newest day a period may end on). */
  today: z.string(),
  maintenance: statisticsMaintenanceSchema,
};

export const tenantRankingSchema = z.array(
  z.object({ tenantId: z.string(), name: z.string(), value: z.number(), secondary: z.number() }),
);

export const loginStatisticsSchema = z.object({
  ...periodFields,
  kpis: z.object({
    attempts: kpiSchema,
    successes: kpiSchema,
    failures: kpiSchema,
    /** Average of the daily active users over the period. */
    averageDailyUsers: kpiSchema,
    locked: kpiSchema,
    newUsers: kpiSchema,
  }),
  /**
   * Active users of one day (so that the week's and the month's are never below the day's): the
   * period's last day with all three counted, `day`; null when none is.
   */
  active: z.object({
    day: z.string().nullable(),
    daily: z.number(),
    weekly: z.number(),
    monthly: z.number(),
  }),
  daily: z.array(
    z.object({
      day: z.string(),
      successes: z.number(),
      failures: z.number(),
      users: z.number(),
      /** null for today on the all-tenant page: counted when the day is rolled up. */
      weeklyUsers: z.number().nullable(),
      monthlyUsers: z.number().nullable(),
    }),
  ),
  heatmap: z.array(heatCellSchema),
  splits: z.object({
    mode: z.array(keyedCountSchema),
    device: z.array(keyedCountSchema),
    os: z.array(keyedCountSchema),
    browser: z.array(keyedCountSchema),
  }),
  provinces: z.array(keyedCountSchema),
  /** All-tenant pages only: tenants by sign-ins (value successes, secondary attempts). */
  tenants: tenantRankingSchema,
});
export type LoginStatistics = z.infer<typeof loginStatisticsSchema>;

export const visitStatisticsSchema = z.object({
  ...periodFields,
  applicationId: z.string().nullable(),
  kpis: z.object({
    views: kpiSchema,
    downloads: kpiSchema,
    /** Average of the daily distinct visitors (members and anonymous visitors). */
    averageDailyVisitors: kpiSchema,
    applications: kpiSchema,
  }),
  daily: z.array(
    z.object({ day: z.string(), views: z.number(), downloads: z.number(), visitors: z.number() }),
  ),
  heatmap: z.array(heatCellSchema),
  splits: z.object({
    device: z.array(keyedCountSchema),
    os: z.array(keyedCountSchema),
    browser: z.array(keyedCountSchema),
  }),
  provinces: z.array(keyedCountSchema),
  applications: z.array(
    z.object({ applicationId: z.string(), name: z.string(), opens: z.number(), userDays: z.number() }),
  ),
  menus: z.array(
    z.object({
      applicationId: z.string(),
      functionId: z.string(),
      name: z.string(),
      opens: z.number(),
      userDays: z.number(),
    }),
  ),
  /** All-tenant pages only: tenants by page views (value views, secondary downloads). */
  tenants: tenantRankingSchema,
});
export type VisitStatistics = z.infer<typeof visitStatisticsSchema>;

/** POST /dmp/admin/statistics/rollups: rebuild the rollup of one past day. */
export const rollupRebuildSchema = z.strictObject({ day });
export const rollupRebuildAnswerSchema = z.object({ day: z.string(), rowsWritten: z.number() });

/** GET/PUT /ump/admin/statistics/retention: the tenant's own retention, within the platform's maximum. */
export const tenantLogRetentionSaveSchema = z.strictObject({
  loginLogDays: z
    .number({ error: '登录日志保留天数必须是数字' })
    .int()
    .min(1, { error: '保留天数至少 1 天' })
    .max(3650),
  usageLogDays: z
    .number({ error: '访问日志保留天数必须是数字' })
    .int()
    .min(1, { error: '保留天数至少 1 天' })
    .max(3650),
});
export const tenantLogRetentionSchema = z.object({
  loginLogDays: z.number(),
  usageLogDays: z.number(),
  /** The platform's maximums the tenant's values stay within. */
  maximum: z.object({ loginLogDays: z.number(), usageLogDays: z.number() }),
  /** false: the tenant keeps the platform maximum. */
  custom: z.boolean(),
});
export type TenantLogRetentionAnswer = z.infer<typeof tenantLogRetentionSchema>;
