import { describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '../test-doubles';
import {
  type FingerprintTraits,
  fingerprintOf,
  getVisitorId,
  isVisitorId,
  touristUserName,
  VISITOR_ID_STORAGE_KEY,
  type VisitorIdSource,
} from './visitor-id';

const traits: FingerprintTraits = {
  userAgent: 'Mozilla/5.0 Chrome/140',
  language: 'zh-CN',
  languages: ['zh-CN', 'en'],
  platform: 'Linux x86_64',
  hardwareConcurrency: 8,
  screen: '1920x1080x24@1',
  timeZone: 'Asia/Shanghai',
};

const source = (overrides: Partial<VisitorIdSource> = {}): VisitorIdSource => ({
  storage: createMemoryStorage(),
  fetchCasualUser: vi.fn(async () => ({ visitorId: 'v-server-000001', userName: 'tourist-v-server-000001' })),
  fingerprint: async () => 'f'.repeat(32),
  ...overrides,
});

describe('browser fingerprint', () => {
  it('is 32 hex characters, a valid visitor id, the same for the same browser', async () => {
    const first = await fingerprintOf(traits);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(isVisitorId(first)).toBe(true);
    expect(await fingerprintOf({ ...traits })).toBe(first);
  });

  it('differs when a trait differs', async () => {
    expect(await fingerprintOf({ ...traits, screen: '1366x768x24@1' })).not.toBe(await fingerprintOf(traits));
  });
});

describe('spec section 4, visitor id for log saving', () => {
  it('is fetched from getCasualUser with the fingerprint once, then kept', async () => {
    const visitor = source();
    expect(await getVisitorId(visitor)).toBe('v-server-000001');
    expect(visitor.fetchCasualUser).toHaveBeenCalledWith('f'.repeat(32));
    expect(visitor.storage.getItem(VISITOR_ID_STORAGE_KEY)).toBe('v-server-000001');
    expect(await getVisitorId(visitor)).toBe('v-server-000001');
    expect(visitor.fetchCasualUser).toHaveBeenCalledTimes(1);
  });

  it('asks the server only once when several logs need it at the same time', async () => {
    const visitor = source();
    const ids = await Promise.all([getVisitorId(visitor), getVisitorId(visitor), getVisitorId(visitor)]);
    expect(new Set(ids)).toEqual(new Set(['v-server-000001']));
    expect(visitor.fetchCasualUser).toHaveBeenCalledTimes(1);
  });

  it('falls back to the fingerprint when the server fails or answers nonsense', async () => {
    const failing = source({ fetchCasualUser: vi.fn(async () => Promise.reject(new Error('offline'))) });
    expect(await getVisitorId(failing)).toBe('f'.repeat(32));
    const nonsense = source({
      fetchCasualUser: vi.fn(async () => ({ visitorId: '<script>', userName: '' })),
    });
    expect(await getVisitorId(nonsense)).toBe('f'.repeat(32));
  });

  it('ignores a tampered stored id', async () => {
    const visitor = source({ storage: createMemoryStorage({ [VISITOR_ID_STORAGE_KEY]: 'x' }) });
    expect(await getVisitorId(visitor)).toBe('v-server-000001');
  });

  it('logs visitors as "tourist-" and the visitor id', () => {
    expect(touristUserName('abcdef012345')).toBe('tourist-abcdef012345');
  });
});
