import { describe, expect, it } from 'vitest';
import { presetRange } from './time-range';

describe('presetRange', () => {
  it('counts each preset back from now', () => {
    const now = Date.UTC(2026, 10, 24, 12, 0, 0);
    expect(presetRange('1h', now)).toEqual({ createdAtFrom: '2026-11-24T11:00:00.000Z' });
    expect(presetRange('24h', now)).toEqual({ createdAtFrom: '2026-11-23T12:00:00.000Z' });
    expect(presetRange('7d', now)).toEqual({ createdAtFrom: '2026-11-17T12:00:00.000Z' });
    expect(presetRange('30d', now)).toEqual({ createdAtFrom: '2026-10-25T12:00:00.000Z' });
  });
});
