import type { HeatCell, KeyedCount, Kpi, LoginStatistics, VisitStatistics } from '@uniwim/contracts';
import { type Dims, mergeDims } from './rollup-assembly';

/** The chosen period and the one just before it, as long (inclusive days). */
export interface Period {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  days: string[];
}

const DAY_MS = 86_400_000;
const parseDay = (day: string) => Date.parse(`${day}T00:00:00Z`);
export const addDays = (day: string, days: number) =>
  new Date(parseDay(day) + days * DAY_MS).toISOString().slice(0, 10);
const isRealDay = (day: string) => !Number.isNaN(parseDay(day)) && addDays(day, 0) === day;

/** null when the period is not a real one (dates that do not exist, from after to, too long). */
export const periodOf = (
  query: { from?: string; to?: string },
  today: string,
  maxDays: number,
): Period | null => {
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -29);
  if (!isRealDay(from) || !isRealDay(to)) return null;
  const length = Math.round((parseDay(to) - parseDay(from)) / DAY_MS) + 1;
  if (length < 1 || length > maxDays) return null;
  const previousTo = addDays(from, -1);
  return {
    from,
    to,
    previousFrom: addDays(previousTo, -(length - 1)),
    previousTo,
    days: Array.from({ length }, (_, i) => addDays(from, i)),
  };
};

/** Monday 0 … Sunday 6. */
export const weekdayOf = (day: string) => (new Date(parseDay(day)).getUTCDay() + 6) % 7;

export interface LoginDayRecord {
  day: string;
  attempts: number;
  successes: number;
  failures: number;
  locked: number;
  users: number;
  newUsers: number;
  /** null: not counted (today, computed live). */
  weeklyUsers: number | null;
  monthlyUsers: number | null;
  dims: Dims;
}

export interface VisitDayRecord {
  day: string;
  views: number;
  downloads: number;
  visitors: number;
  dims: Dims;
}

const inPeriod = (from: string, to: string) => (record: { day: string }) =>
  record.day >= from && record.day <= to;
const sumOf = <T>(records: T[], pick: (record: T) => number) => records.reduce((sum, r) => sum + pick(r), 0);
const round1 = (value: number) => Math.round(value * 10) / 10;

const kpiOf = <T extends { day: string }>(
  period: Period,
  records: T[],
  pick: (records: T[]) => number,
): Kpi => ({
  value: pick(records.filter(inPeriod(period.from, period.to))),
  previous: pick(records.filter(inPeriod(period.previousFrom, period.previousTo))),
});

/** A split as a list, largest first. */
export const rankedOf = (split: Record<string, number> | undefined): KeyedCount[] =>
  Object.entries(split ?? {})
    .map(([key, value]) => ({ key, value }))
    .sort((a, b) => b.value - a.value || a.key.localeCompare(b.key));

/** The 24 × 7 cells: each day's hours land on its weekday. */
export const heatmapOf = (records: { day: string; dims: Dims }[]): HeatCell[] => {
  const cells = Array.from({ length: 7 * 24 }, (_, i) => ({
    weekday: Math.floor(i / 24),
    hour: i % 24,
    value: 0,
  }));
  for (const record of records) {
    const weekday = weekdayOf(record.day);
    for (const [hour, value] of Object.entries(record.dims.hour ?? {})) {
      const cell = cells[weekday * 24 + Number(hour)];
      if (cell) cell.value += value;
    }
  }
  return cells;
};

const dimsOf = (records: { dims: Dims }[]) => records.reduce<Dims>((all, r) => mergeDims(all, r.dims), {});

export const loginStatisticsOf = (
  period: Period,
  records: LoginDayRecord[],
): Pick<LoginStatistics, 'kpis' | 'active' | 'daily' | 'heatmap' | 'splits' | 'provinces'> => {
  const byDay = new Map(records.map((r) => [r.day, r]));
  const current = records.filter(inPeriod(period.from, period.to));
  // Daily, weekly and monthly active users of one and the same day, so that none is below another:
  // the period's last day with all three counted (today's, live, for one tenant; all tenants' today
  // waits for its rollup).
  const lastCounted = [...current]
    .sort((a, b) => a.day.localeCompare(b.day))
    .reverse()
    .find((r) => r.monthlyUsers !== null);
  const dims = dimsOf(current);
  const averageUsers = (list: LoginDayRecord[]) => round1(sumOf(list, (r) => r.users) / period.days.length);
  return {
    kpis: {
      attempts: kpiOf(period, records, (list) => sumOf(list, (r) => r.attempts)),
      successes: kpiOf(period, records, (list) => sumOf(list, (r) => r.successes)),
      failures: kpiOf(period, records, (list) => sumOf(list, (r) => r.failures)),
      averageDailyUsers: kpiOf(period, records, averageUsers),
      locked: kpiOf(period, records, (list) => sumOf(list, (r) => r.locked)),
      newUsers: kpiOf(period, records, (list) => sumOf(list, (r) => r.newUsers)),
    },
    active: {
      day: lastCounted?.day ?? null,
      daily: lastCounted?.users ?? 0,
      weekly: lastCounted?.weeklyUsers ?? 0,
      monthly: lastCounted?.monthlyUsers ?? 0,
    },
    daily: period.days.map((day) => {
      const record = byDay.get(day);
      return {
        day,
        successes: record?.successes ?? 0,
        failures: record?.failures ?? 0,
        users: record?.users ?? 0,
        weeklyUsers: record ? record.weeklyUsers : 0,
        monthlyUsers: record ? record.monthlyUsers : 0,
      };
    }),
    heatmap: heatmapOf(current),
    splits: {
      mode: rankedOf(dims.mode),
      device: rankedOf(dims.device),
      os: rankedOf(dims.os),
      browser: rankedOf(dims.browser),
    },
    provinces: rankedOf(dims.province),
  };
};

export const visitStatisticsOf = (
  period: Period,
  records: VisitDayRecord[],
  applicationsOpened: Kpi,
): Pick<VisitStatistics, 'kpis' | 'daily' | 'heatmap' | 'splits' | 'provinces'> => {
  const byDay = new Map(records.map((r) => [r.day, r]));
  const current = records.filter(inPeriod(period.from, period.to));
  const dims = dimsOf(current);
  return {
    kpis: {
      views: kpiOf(period, records, (list) => sumOf(list, (r) => r.views)),
      downloads: kpiOf(period, records, (list) => sumOf(list, (r) => r.downloads)),
      averageDailyVisitors: kpiOf(period, records, (list) =>
        round1(sumOf(list, (r) => r.visitors) / period.days.length),
      ),
      applications: applicationsOpened,
    },
    daily: period.days.map((day) => {
      const record = byDay.get(day);
      return {
        day,
        views: record?.views ?? 0,
        downloads: record?.downloads ?? 0,
        visitors: record?.visitors ?? 0,
      };
    }),
    heatmap: heatmapOf(current),
    splits: { device: rankedOf(dims.device), os: rankedOf(dims.os), browser: rankedOf(dims.browser) },
    provinces: rankedOf(dims.province),
  };
};
