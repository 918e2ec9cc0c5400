import { describe, expect, it } from 'vitest';
import { lastDays, statisticsToday } from './period';

describe('statistics periods', () => {
  it("counts today as Shanghai's day, whatever the browser's time zone", () => {
    // 16:30 UTC is already the next day in Shanghai.
    expect(statisticsToday(new Date('2026-11-24T16:30:00Z'))).toBe('2026-11-25');
    expect(statisticsToday(new Date('2026-11-24T15:59:00Z'))).toBe('2026-11-24');
  });

  it('ends the last days with that today', () => {
    expect(lastDays(30, new Date('2026-11-24T16:30:00Z'))).toEqual({ from: '2026-10-27', to: '2026-11-25' });
    expect(lastDays(7, new Date('2026-03-01T01:00:00Z'))).toEqual({ from: '2026-02-23', to: '2026-03-01' });
  });
});
