import { describe, expect, it } from 'vitest';
import { effectiveSeatLimit, seatProblem } from './seats';

describe('seat limits', () => {
  it('takes the tighter of the tenant limit and the packages, a package without a limit limiting nothing', () => {
    expect(effectiveSeatLimit(null, [])).toBeNull();
    expect(effectiveSeatLimit(50, [])).toBe(50);
    expect(effectiveSeatLimit(null, [20, 100])).toBe(100);
    expect(effectiveSeatLimit(50, [20, 100])).toBe(50);
    expect(effectiveSeatLimit(50, [20])).toBe(20);
    expect(effectiveSeatLimit(null, [20, null])).toBeNull();
  });

  it('says how many are used and allowed', () => {
    expect(seatProblem(49, 50, 1)).toBeNull();
    expect(seatProblem(50, 50, 1)).toBe('已达席位上限：已用 50 / 上限 50');
    expect(seatProblem(48, 50, 5)).toBe('席位不足：已用 48 / 上限 50，还需 3 个席位');
    expect(seatProblem(1_000, null, 1)).toBeNull();
  });
});
