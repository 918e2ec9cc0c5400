import { describe, expect, it } from 'vitest';
import { lastDays } from './period';

describe('statistics periods', () => {
  it("ends the last days with the statistics' today, whatever the browser's day", () => {
    expect(lastDays(30, '2026-11-25')).toEqual({ from: '2026-10-27', to: '2026-11-25' });
    expect(lastDays(7, '2026-03-01')).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(lastDays(1, '2026-03-01')).toEqual({ from: '2026-03-01', to: '2026-03-01' });
  });
});
