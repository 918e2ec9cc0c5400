import { afterEach, describe, expect, it } from 'vitest';
import {
  formatDateTime,
  hourInReaderZone,
  instantOfPicked,
  pickerValueOf,
  readerTimeZone,
  readerZoneLabel,
  setReaderTimeZone,
  todayInReaderZone,
} from './time-zone';

// Saturday 2026-11-28 19:12:36 UTC: the sign-in, 03:12 on Sunday in Shanghai.
const SIGN_IN = '2026-11-28T19:12:36.000Z';

describe("the reader's time zone", () => {
  afterEach(() => setReaderTimeZone('Asia/Shanghai'));

  it('shows every time in the zone the server named, not the browser one', () => {
    expect(readerTimeZone()).toBe('Asia/Shanghai');
    expect(formatDateTime(SIGN_IN)).toBe('2026-11-29 03:12');
    expect(formatDateTime(SIGN_IN, 'second')).toBe('2026-11-29 03:12:36');
    expect(todayInReaderZone(new Date(SIGN_IN))).toBe('2026-11-29');
    expect(hourInReaderZone(new Date(SIGN_IN))).toBe(3);
    expect(readerZoneLabel()).toBe('UTC+08:00 Asia/Shanghai');

    setReaderTimeZone('America/New_York');
    expect(formatDateTime(SIGN_IN)).toBe('2026-11-28 14:12');
    expect(todayInReaderZone(new Date(SIGN_IN))).toBe('2026-11-28');
  });

  it('shows nothing for what is not a time, and keeps its zone when told an unknown one', () => {
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime({})).toBe('');
    setReaderTimeZone('Not/A_Zone');
    expect(readerTimeZone()).toBe('Asia/Shanghai');
  });

  it("lets a picker show and take readings of the reader's zone, whatever the browser's", () => {
    const shown = pickerValueOf(SIGN_IN);
    expect(shown?.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-29 03:12:36');
    expect(instantOfPicked(shown)).toBe(SIGN_IN);
    setReaderTimeZone('Asia/Kolkata');
    const kolkata = pickerValueOf(SIGN_IN);
    expect(kolkata?.format('YYYY-MM-DD HH:mm')).toBe('2026-11-29 00:42');
    expect(instantOfPicked(kolkata)).toBe(SIGN_IN);
    expect(pickerValueOf(null)).toBeNull();
    expect(instantOfPicked(null)).toBeUndefined();
  });
});
