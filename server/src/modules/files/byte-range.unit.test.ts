import { describe, expect, it } from 'vitest';
import { byteRangeOf } from './byte-range';

describe('byteRangeOf', () => {
  it('reads one range of a file', () => {
    expect(byteRangeOf('bytes=0-3', 10)).toEqual({ start: 0, end: 3 });
    expect(byteRangeOf('bytes=4-', 10)).toEqual({ start: 4, end: 9 });
    expect(byteRangeOf('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(byteRangeOf('bytes=5-100', 10)).toEqual({ start: 5, end: 9 });
    expect(byteRangeOf('bytes=-100', 10)).toEqual({ start: 0, end: 9 });
  });

  it('sends the whole file for no range, several ranges or another unit', () => {
    expect(byteRangeOf(undefined, 10)).toBeNull();
    expect(byteRangeOf('bytes=0-1,4-5', 10)).toBeNull();
    expect(byteRangeOf('items=0-1', 10)).toBeNull();
    expect(byteRangeOf('bytes=-', 10)).toBeNull();
  });

  it('refuses a range outside the file', () => {
    expect(byteRangeOf('bytes=10-', 10)).toBe('unsatisfiable');
    expect(byteRangeOf('bytes=5-4', 10)).toBe('unsatisfiable');
    expect(byteRangeOf('bytes=-0', 10)).toBe('unsatisfiable');
  });
});
