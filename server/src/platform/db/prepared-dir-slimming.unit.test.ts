import { describe, expect, it } from 'vitest';
import { WAL_SEGMENT_BYTES, walSegmentName } from './prepared-dir-slimming';

describe('walSegmentName', () => {
  it('names the 1 MB segment holding a WAL position, as PostgreSQL does (timeline 1)', () => {
    expect(walSegmentName(0n)).toBe('000000010000000000000000');
    expect(walSegmentName(0xe0_28a0n)).toBe('00000001000000000000000E');
    expect(walSegmentName(BigInt(WAL_SEGMENT_BYTES) * 4095n + 5n)).toBe('000000010000000000000FFF');
    // 4,096 segments of 1 MB make one 4 GB log id.
    expect(walSegmentName(0x1_0000_0000n + 0x30_0000n)).toBe('000000010000000100000003');
  });
});
