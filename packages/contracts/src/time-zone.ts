/**
 * One time zone for everything a person reads (issue 25): a tenant's setting (the platform's own
 * outside a tenant). Pages, exports, statistics and notices show times in it, whatever the browser's
 * or the server's zone. Built on the runtime's Intl (IANA zones, daylight saving included), the same
 * code on the server and in the browser (no zod here: browser code imports it).
 */

/** Where the platform's users live; the zone of a tenant or platform that never chose one. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

let known: ReadonlySet<string> | undefined;

/** Every zone the runtime's Intl knows (canonical IANA names), with UTC, sorted. */
export const supportedTimeZones = (): readonly string[] => {
  known ??= new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);
  return [...known].sort();
};

/**
 * A zone the runtime knows: one of its IANA names, or another name of one of them (Asia/Kolkata,
 * which some runtimes list as Asia/Calcutta). Offsets (+08:00) and unknown names are not zones.
 */
export const isTimeZone = (value: string): boolean => {
  if (!known) supportedTimeZones();
  if (known!.has(value)) return true;
  if (!/^[A-Za-z]+(?:[/_-][A-Za-z0-9+-]+)*$/.test(value)) return false;
  try {
    return known!.has(new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone);
  } catch {
    return false;
  }
};

/** A clock's reading in a zone. Months 1–12; weekday 0 Monday … 6 Sunday. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const WEEKDAYS: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterOf = (zone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
};

/** An instant as a Date; null when it is not one (an empty or unreadable text). */
export const instantOf = (value: Date | string | number | null | undefined): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** What a clock in `zone` shows at `instant`. */
export const wallClockOf = (instant: Date, zone: string): WallClock & { weekday: number } => {
  const parts: Record<string, string> = {};
  for (const part of formatterOf(zone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS[parts.weekday ?? ''] ?? 0,
  };
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export type TimePrecision = 'day' | 'minute' | 'second';

/** `2026-11-29 03:12` (or to the day, or to the second) in `zone`; '' for no instant. */
export const formatInZone = (
  value: Date | string | number | null | undefined,
  zone: string,
  precision: TimePrecision = 'minute',
): string => {
  const instant = instantOf(value);
  if (!instant) return '';
  const clock = wallClockOf(instant, zone);
  const day = `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}`;
  if (precision === 'day') return day;
  const minute = `${day} ${pad(clock.hour)}:${pad(clock.minute)}`;
  return precision === 'minute' ? minute : `${minute}:${pad(clock.second)}`;
};

/** The day (`YYYY-MM-DD`) `zone` is in at `instant`. */
export const dayInZone = (instant: Date | string | number = new Date(), zone: string): string =>
  formatInZone(instant, zone, 'day');

/** How far `zone` is ahead of UTC at `instant`, in minutes (negative west of Greenwich). */
export const offsetMinutesOf = (instant: Date, zone: string): number => {
  const clock = wallClockOf(instant, zone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
};

/** `UTC+08:00`, `UTC-03:30`. */
export const offsetLabel = (minutes: number): string => {
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  return `UTC${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
};

/** `UTC+08:00 Asia/Shanghai`: a zone as a reader is told it (its offset at `at`). */
export const zoneLabelOf = (zone: string, at: Date = new Date()): string =>
  `${offsetLabel(offsetMinutesOf(at, zone))} ${zone}`;

/**
 * The instant at which a clock in `zone` shows `clock`. A reading skipped by a daylight-saving change
 * is taken after the change; one shown twice is the first.
 */
export const instantOfWallClock = (clock: WallClock, zone: string): Date => {
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  const first = asUtc - offsetMinutesOf(new Date(asUtc), zone) * 60_000;
  const second = asUtc - offsetMinutesOf(new Date(first), zone) * 60_000;
  const candidates = [Math.min(first, second), Math.max(first, second)];
  const shown = candidates.find((time) => sameReading(wallClockOf(new Date(time), zone), clock));
  return new Date(shown ?? candidates[1]!);
};

const sameReading = (a: WallClock, b: WallClock): boolean =>
  a.year === b.year &&
  a.month === b.month &&
  a.day === b.day &&
  a.hour === b.hour &&
  a.minute === b.minute &&
  a.second === b.second;

/** The first instant of `day` (`YYYY-MM-DD`) in `zone`. */
export const startOfDayIn = (day: string, zone: string): Date => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return instantOfWallClock({ year, month, day: date, hour: 0, minute: 0, second: 0 }, zone);
};
