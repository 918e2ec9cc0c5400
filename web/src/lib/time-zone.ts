import {
  DEFAULT_TIME_ZONE,
  dayInZone,
  formatInZone,
  instantOfWallClock,
  isTimeZone,
  supportedTimeZones,
  type TimePrecision,
  wallClockOf,
  zoneLabelOf,
} from '@uniwim/contracts/client';
import dayjs, { type Dayjs } from 'dayjs';
import { useSyncExternalStore } from 'react';
import type { KeyValueStorage } from './storage-keys';

/**
 * The reader's time zone in the browser (issue 25): every time a page shows is shown in it, not in
 * the browser's. The server names it with the current user (GET /ump/currUserInfo: the active
 * tenant's zone, the platform's outside a tenant); it is kept in local storage so that a page the
 * shell opens shows its first times in it before asking again. One place formats times for every
 * page: formatDateTime and friends here.
 */

export const TIME_ZONE_STORAGE_KEY = 'UniWimTimeZone';

const storage = (): KeyValueStorage | undefined =>
  typeof localStorage === 'undefined' ? undefined : localStorage;

const stored = (): string | null => {
  try {
    const zone = storage()?.getItem(TIME_ZONE_STORAGE_KEY) ?? null;
    return zone !== null && isTimeZone(zone) ? zone : null;
  } catch {
    return null;
  }
};

let current: string = stored() ?? DEFAULT_TIME_ZONE;
const listeners = new Set<() => void>();

/** The zone times are shown in now. */
export const readerTimeZone = (): string => current;

/** The server named the reader's zone: kept, and every page that shows times is drawn again. */
export const setReaderTimeZone = (zone: string | null | undefined): void => {
  if (!zone || !isTimeZone(zone) || zone === current) return;
  current = zone;
  try {
    storage()?.setItem(TIME_ZONE_STORAGE_KEY, zone);
  } catch {
    // Storage refused (private mode): the zone still holds for this page.
  }
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The reader's zone as React state: a component that shows times is drawn again when it changes. */
export const useReaderTimeZone = (): string =>
  useSyncExternalStore(subscribe, readerTimeZone, readerTimeZone);

/** `2026-11-29 03:12` in the reader's zone ('' for no time): every list, detail and notice. */
export const formatDateTime = (value: unknown, precision: TimePrecision = 'minute'): string =>
  typeof value === 'string' || typeof value === 'number' || value instanceof Date
    ? formatInZone(value, current, precision)
    : '';

/** Today (`YYYY-MM-DD`) in the reader's zone. */
export const todayInReaderZone = (now: Date = new Date()): string => dayInZone(now, current);

/** The hour (0–23) the reader's zone's clock shows: greetings ("Good evening"). */
export const hourInReaderZone = (now: Date = new Date()): number => wallClockOf(now, current).hour;

/** `UTC+08:00 Asia/Shanghai`: the zone named where times are picked or explained. */
export const readerZoneLabel = (): string => zoneLabelOf(current);

/**
 * A date picker works on the browser's clock: the value it shows for an instant is the reader's
 * zone's reading of it, written into a dayjs of the browser (so the picker shows 03:12 for a time
 * the reader's zone reads as 03:12).
 */
export const pickerValueOf = (instant: string | Date | null | undefined): Dayjs | null => {
  if (!instant) return null;
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) return null;
  const clock = wallClockOf(date, current);
  return dayjs(new Date(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second));
};

/** The instant a picked reading stands for in the reader's zone, as ISO text with its offset. */
export const instantOfPicked = (picked: Dayjs | null | undefined): string | undefined => {
  if (!picked?.isValid()) return undefined;
  return instantOfWallClock(
    {
      year: picked.year(),
      month: picked.month() + 1,
      day: picked.date(),
      hour: picked.hour(),
      minute: picked.minute(),
      second: picked.second(),
    },
    current,
  ).toISOString();
};

/** "Now" as a picker shows it: the reader's zone's clock. */
export const pickerNow = (): Dayjs => pickerValueOf(new Date())!;

/** Every zone, labelled with its offset now, for a setting's picker. */
export const timeZoneOptions = (): { value: string; label: string }[] => {
  const now = new Date();
  return supportedTimeZones().map((zone) => ({ value: zone, label: zoneLabelOf(zone, now) }));
};
