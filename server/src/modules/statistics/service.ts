import {
  type LoginStatistics,
  type LogRetention,
  STATISTICS_MAX_DAYS,
  type StatisticsQuery,
  type TenantLogRetentionAnswer,
  type VisitStatistics,
} from '@uniwim/contracts';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { TimeZones } from '../time-zones/time-zones';
import { loginStatisticsOf, type Period, periodOf, visitStatisticsOf } from './dashboard';
import type { DashboardRepo, StatisticsScope } from './dashboard-repo';
import type { LogMaintenance } from './maintenance';
import { todayOf } from './rollup-repo';

type Item = { applicationId: string; functionId: string; name: string; opens: number; userDays: number };

/** Adds today's live openings to the rolled-up ones and ranks them again. */
const mergeItems = (stored: Item[], live: Item[], limit: number): Item[] => {
  const byKey = new Map(stored.map((item) => [`${item.applicationId}\u0000${item.functionId}`, { ...item }]));
  for (const item of live) {
    const key = `${item.applicationId}\u0000${item.functionId}`;
    const known = byKey.get(key);
    if (known) {
      known.opens += item.opens;
      known.userDays += item.userDays;
    } else byKey.set(key, { ...item });
  }
  return [...byKey.values()]
    .sort((a, b) => b.opens - a.opens || a.applicationId.localeCompare(b.applicationId))
    .slice(0, limit);
};

const RANKING_SIZE = 20;

/**
 * The statistics pages (issue 16): the period's rollups, with today (when in the period) computed
 * live from the raw rows, plus the last cleanup and rollup runs.
 */
export const createStatisticsService = (deps: {
  db: Database;
  repo: DashboardRepo;
  maintenance: LogMaintenance;
  logRetention(): Promise<LogRetention>;
  timeZones: TimeZones;
}) => {
  const { repo } = deps;

  /** The period in the scope's zone: a tenant's days are its own, all tenants' the platform's. */
  const periodFor = async (
    scope: StatisticsScope,
    query: StatisticsQuery,
  ): Promise<{ period: Period; today: string; zone: string }> => {
    const zone = await deps.timeZones.of(scope.tenantId);
    const today = await todayOf(deps.db, zone);
    const period = periodOf(query, today, STATISTICS_MAX_DAYS);
    if (!period) throw new AppError('STATISTICS_PERIOD_INVALID');
    return { period, today, zone };
  };
  const includesToday = (period: Period, today: string) => period.from <= today && period.to >= today;

  return {
    login: async (scope: StatisticsScope, query: StatisticsQuery): Promise<LoginStatistics> => {
      const { period, today, zone } = await periodFor(scope, query);
      const [records, live, tenants, maintenance] = await Promise.all([
        repo.loginDays(scope, period.previousFrom, period.to),
        includesToday(period, today) ? repo.today(scope, today, zone, 'login') : Promise.resolve(null),
        scope.kind === 'platform' && scope.tenantId === null
          ? repo.tenantRanking('login', period.from, period.to)
          : Promise.resolve([]),
        deps.maintenance.lastRuns(),
      ]);
      const all = records.filter((r) => r.day !== today);
      if (live?.login) all.push(live.login);
      return {
        from: period.from,
        to: period.to,
        previousFrom: period.previousFrom,
        previousTo: period.previousTo,
        tenantId: scope.tenantId,
        timeZone: zone,
        today,
        maintenance,
        ...loginStatisticsOf(period, all),
        tenants: tenants.map((t) => ({
          tenantId: t.id,
          name: t.name,
          value: t.value,
          secondary: t.secondary,
        })),
      };
    },

    visits: async (scope: StatisticsScope, query: StatisticsQuery): Promise<VisitStatistics> => {
      const { period, today, zone } = await periodFor(scope, query);
      const applicationId = query.applicationId ?? null;
      const [records, live, applications, menus, opened, openedBefore, tenants, maintenance] =
        await Promise.all([
          repo.visitDays(scope, period.previousFrom, period.to),
          includesToday(period, today) ? repo.today(scope, today, zone, 'visits') : Promise.resolve(null),
          repo.items(scope, period.from, period.to, { kind: 'applications' }),
          repo.items(scope, period.from, period.to, { kind: 'menus', applicationId }),
          repo.applicationsOpened(scope, period.from, period.to),
          repo.applicationsOpened(scope, period.previousFrom, period.previousTo),
          scope.kind === 'platform' && scope.tenantId === null
            ? repo.tenantRanking('visit', period.from, period.to)
            : Promise.resolve([]),
          deps.maintenance.lastRuns(),
        ]);
      const all = records.filter((r) => r.day !== today);
      if (live?.visits) all.push(live.visits);
      const liveItems = (live?.items ?? []).map((item) => ({
        applicationId: item.applicationId,
        functionId: item.functionId,
        name: item.name ?? item.applicationId,
        opens: item.opens,
        userDays: item.users,
      }));
      const liveApplications = liveItems.filter((item) => item.functionId === '');
      const liveMenus = liveItems.filter(
        (item) => item.functionId !== '' && (applicationId === null || item.applicationId === applicationId),
      );
      const rankedApplications = mergeItems(applications, liveApplications, 200);
      return {
        from: period.from,
        to: period.to,
        previousFrom: period.previousFrom,
        previousTo: period.previousTo,
        tenantId: scope.tenantId,
        timeZone: zone,
        today,
        applicationId,
        maintenance,
        // Applications opened today only count once the day is rolled up (a live distinct count would
        // need the period's items again).
        ...visitStatisticsOf(period, all, {
          value: Math.max(opened, rankedApplications.length),
          previous: openedBefore,
        }),
        applications: rankedApplications.slice(0, RANKING_SIZE),
        menus: mergeItems(menus, liveMenus, RANKING_SIZE),
        tenants: tenants.map((t) => ({
          tenantId: t.id,
          name: t.name,
          value: t.value,
          secondary: t.secondary,
        })),
      };
    },

    /**
     * An administrator's rebuild of one past day, recorded as a rollup run: past in the platform's
     * zone (a tenant whose day has not ended yet has it rebuilt again when it has: daysDue).
     */
    rebuild: async (day: string) => {
      const zone = await deps.timeZones.platform();
      const today = await todayOf(deps.db, zone);
      if (!periodOf({ from: day, to: day }, today, 1) || day >= today)
        throw new AppError('STATISTICS_DAY_NOT_PAST');
      const oldest = await repo.oldestRawDay(zone);
      // The raw rows of that day are gone: rebuilding would replace its figures with nothing.
      if (oldest === null || day < oldest) throw new AppError('STATISTICS_RAW_LOGS_EXPIRED');
      const { rowsWritten } = await deps.maintenance.rollUp([day]);
      return { day, rowsWritten };
    },

    retention: async (tenantId: string): Promise<TenantLogRetentionAnswer> => {
      const maximum = await deps.logRetention();
      const own = await repo.retention(tenantId);
      const limit = { loginLogDays: maximum.loginLogDays, usageLogDays: maximum.usageLogDays };
      return {
        // A tenant's value above a maximum lowered later is held to it (the cleanup does the same).
        loginLogDays: Math.min(own?.loginLogDays ?? limit.loginLogDays, limit.loginLogDays),
        usageLogDays: Math.min(own?.usageLogDays ?? limit.usageLogDays, limit.usageLogDays),
        maximum: limit,
        custom: own !== null,
      };
    },

    saveRetention: async (tenantId: string, days: { loginLogDays: number; usageLogDays: number }) => {
      const maximum = await deps.logRetention();
      if (days.loginLogDays > maximum.loginLogDays || days.usageLogDays > maximum.usageLogDays)
        throw new AppError(
          'LOG_RETENTION_ABOVE_MAXIMUM',
          `日志保留天数不能超过平台设置的上限（登录日志 ${maximum.loginLogDays} 天，访问日志 ${maximum.usageLogDays} 天）`,
        );
      await repo.saveRetention(tenantId, days);
    },
  };
};

export type StatisticsService = ReturnType<typeof createStatisticsService>;
