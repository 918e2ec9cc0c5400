import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  dayInZone,
  formatInZone,
  instantOfWallClock,
  isTimeZone,
  offsetLabel,
  startOfDayIn,
  supportedTimeZones,
  wallClockOf,
  zoneLabelOf,
} from './time-zone';

// Saturday 2026-11-28 19:12:36 UTC: Sunday 03:12 in Shanghai (the sign-in).
const SATURDAY_EVENING_UTC = '2026-11-28T19:12:36.500Z';

describe('time zones', () => {
  it('knows the IANA zones of the runtime and UTC, and nothing else', () => {
    expect(isTimeZone(DEFAULT_TIME_ZONE)).toBe(true);
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    // Both names of India's zone, whichever the runtime lists.
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('Asia/Calcutta')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('+08:00')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(supportedTimeZones().length).toBeGreaterThan(300);
  });

  it('formats an instant as the zone reads it, whatever the runtime zone', () => {
    expect(formatInZone(SATURDAY_EVENING_UTC, 'Asia/Shanghai')).toBe('2026-11-29 03:12');
    expect(formatInZone(SATURDAY_EVENING_UTC, 'Asia/Shanghai', 'second')).toBe('2026-11-29 03:12:36');
    expect(formatInZone(SATURDAY_EVENING_UTC, 'UTC', 'second')).toBe('2026-11-28 19:12:36');
    expect(formatInZone(SATURDAY_EVENING_UTC, 'America/New_York')).toBe('2026-11-28 14:12');
    expect(formatInZone(SATURDAY_EVENING_UTC, 'Asia/Kolkata', 'day')).toBe('2026-11-29');
    expect(formatInZone('', 'UTC')).toBe('');
    expect(formatInZone(null, 'UTC')).toBe('');
    expect(formatInZone('not a time', 'UTC')).toBe('');
    // Midnight is 00, never 24.
    expect(formatInZone('2026-11-28T16:00:00Z', 'Asia/Shanghai')).toBe('2026-11-29 00:00');
  });

  it('names the weekday and the day in the zone', () => {
    const clock = wallClockOf(new Date(SATURDAY_EVENING_UTC), 'Asia/Shanghai');
    expect(clock.weekday).toBe(6);
    expect(clock.hour).toBe(3);
    expect(wallClockOf(new Date(SATURDAY_EVENING_UTC), 'UTC').weekday).toBe(5);
    expect(dayInZone(new Date(SATURDAY_EVENING_UTC), 'Asia/Shanghai')).toBe('2026-11-29');
    expect(dayInZone(new Date(SATURDAY_EVENING_UTC), 'UTC')).toBe('2026-11-28');
  });

  it('labels a zone with its offset at the time, daylight saving included', () => {
    expect(zoneLabelOf('Asia/Shanghai', new Date(SATURDAY_EVENING_UTC))).toBe('UTC+08:00 Asia/Shanghai');
    expect(zoneLabelOf('America/New_York', new Date('2026-07-01T12:00:00Z'))).toBe(
      'UTC-04:00 America/New_York',
    );
    expect(zoneLabelOf('America/New_York', new Date('2026-12-01T12:00:00Z'))).toBe(
      'UTC-05:00 America/New_York',
    );
    expect(zoneLabelOf('Asia/Kolkata', new Date(SATURDAY_EVENING_UTC))).toBe('UTC+05:30 Asia/Kolkata');
    expect(offsetLabel(-210)).toBe('UTC-03:30');
    expect(offsetLabel(0)).toBe('UTC+00:00');
  });

  it('turns a reading of a zone clock back into its instant', () => {
    const clock = { year: 2026, month: 11, day: 29, hour: 3, minute: 12, second: 36 };
    expect(instantOfWallClock(clock, 'Asia/Shanghai').toISOString()).toBe('2026-11-28T19:12:36.000Z');
    expect(instantOfWallClock(clock, 'UTC').toISOString()).toBe('2026-11-29T03:12:36.000Z');
    expect(startOfDayIn('2026-11-29', 'Asia/Shanghai').toISOString()).toBe('2026-11-28T16:00:00.000Z');
    expect(startOfDayIn('2026-07-01', 'America/New_York').toISOString()).toBe('2026-07-01T04:00:00.000Z');
    // 02:30 on 2026-03-08 never happens in New York (clocks go from 02:00 to 03:00): after the change.
    const skipped = { year: 2026, month: 3, day: 8, hour: 2, minute: 30, second: 0 };
    expect(instantOfWallClock(skipped, 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // 01:30 on 2026-11-01 happens twice (EDT, then EST): the first.
    const twice = { year: 2026, month: 11, day: 1, hour: 1, minute: 30, second: 0 };
    expect(instantOfWallClock(twice, 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });
});
