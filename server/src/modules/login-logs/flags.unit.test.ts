import { describe, expect, it } from 'vitest';
import { type FlaggableRow, type FlagHistory, flagBatch } from './flags';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 10, minute));
const success = (minute: number, province: string, browser = 'Chrome'): FlaggableRow => ({
  accountId: 'acc-1',
  username: 'zhang',
  result: 'success',
  ip: '1.2.3.4',
  createdAt: at(minute),
  regionCountry: '中国',
  regionProvince: province,
  deviceType: 'desktop',
  os: 'Windows',
  browser,
});
const failure = (minute: number, username: string, ip: string): FlaggableRow => ({
  accountId: null,
  username,
  result: 'failure',
  ip,
  createdAt: at(minute),
});
const empty = (): FlagHistory => ({
  footprints: new Map(),
  failuresByName: new Map(),
  failuresByIp: new Map(),
});

describe('flagBatch', () => {
  it("does not flag an account's first sign-in, then flags a new region and a new device", () => {
    const { flags, footprints } = flagBatch(
      [success(1, '广东省'), success(2, '广东省'), success(3, '北京市'), success(4, '北京市', 'Firefox')],
      empty(),
    );
    expect(flags).toEqual([[], [], ['new-region'], ['new-device']]);
    expect(footprints.map((f) => `${f.kind}:${f.key}`)).toEqual([
      'region:中国|广东省',
      'device:desktop|Windows|Chrome',
      'region:中国|北京市',
      'device:desktop|Windows|Firefox',
    ]);
  });

  it('uses the footprints already stored, and orders a batch by time', () => {
    const history = empty();
    history.footprints.set('acc-1|region', new Set(['中国|上海市']));
    history.footprints.set('acc-1|device', new Set(['desktop|Windows|Chrome']));
    const { flags } = flagBatch([success(5, '广东省'), success(1, '上海市')], history);
    expect(flags).toEqual([['new-region'], []]);
  });

  it('flags the fifth failure of a name or an address, counting the stored ones', () => {
    const rows = [1, 2, 3, 4, 5].map((i) => failure(i, i % 2 ? 'Li' : 'li ', `10.0.0.${i}`));
    expect(flagBatch(rows, empty()).flags).toEqual([[], [], [], [], ['failure-burst']]);
    const byAddress = [1, 2].map((i) => failure(i, `user${i}`, '10.0.0.9'));
    const history = empty();
    history.failuresByIp.set('10.0.0.9', 3);
    expect(flagBatch(byAddress, history).flags).toEqual([[], ['failure-burst']]);
  });
});
