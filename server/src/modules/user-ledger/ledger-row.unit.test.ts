import { describe, expect, it } from 'vitest';
import { type LedgerSelect, ledgerRowOf } from './ledger-row';

const DAY = 86_400_000;
const now = Date.parse('2026-11-24T00:00:00Z');
const member = (over: Partial<LedgerSelect> = {}): LedgerSelect => ({
  tenantId: 't-water',
  tenantName: '示范水务集团',
  accountId: 'acc-1',
  username: 'Water.Op',
  name: '李运维',
  departmentId: 'd-1',
  departmentName: '生产运营部',
  roleNames: ['运维人员'],
  memberStatus: 'active',
  accountStatus: 'active',
  source: 'admin',
  createdAt: new Date(now - 10 * DAY),
  lastSignInAt: null,
  lastSignInIp: null,
  twoFactorEnabled: false,
  passwordChangedAt: new Date(now - 45.5 * DAY),
  hasPassword: true,
  expiresAt: null,
  version: 0,
  ...over,
});
const options = { now, locked: new Set<string>(), platformIds: false };

describe('a row of the user register', () => {
  it('counts the password age in whole days, none without a password', () => {
    expect(ledgerRowOf(member(), options).passwordAgeDays).toBe(45);
    expect(ledgerRowOf(member({ hasPassword: false }), options)).toMatchObject({
      passwordAgeDays: null,
      passwordChangedAt: null,
    });
  });

  it('is dormant after 90 days without a sign-in, counted from joining when never signed in', () => {
    expect(ledgerRowOf(member(), options).highlights).toEqual([]);
    expect(ledgerRowOf(member({ createdAt: new Date(now - 91 * DAY) }), options).highlights).toEqual([
      'dormant',
    ]);
    const recent = member({ createdAt: new Date(now - 400 * DAY), lastSignInAt: new Date(now - 89 * DAY) });
    expect(ledgerRowOf(recent, options).highlights).toEqual([]);
  });

  it('is expiring within 30 days of the account expiry, expired after it', () => {
    expect(ledgerRowOf(member({ expiresAt: new Date(now + 29 * DAY) }), options).highlights).toEqual([
      'expiring',
    ]);
    expect(ledgerRowOf(member({ expiresAt: new Date(now + 31 * DAY) }), options).highlights).toEqual([]);
    expect(ledgerRowOf(member({ expiresAt: new Date(now - DAY) }), options).highlights).toEqual(['expired']);
  });

  it('is locked when the lock-out holds its account name (any case), and disabled if either side is', () => {
    const row = ledgerRowOf(member({ accountStatus: 'disabled' }), {
      ...options,
      locked: new Set(['water.op']),
    });
    expect(row).toMatchObject({ locked: true, highlights: ['locked'], status: 'disabled' });
  });

  it("names a platform register's row by tenant and account", () => {
    expect(ledgerRowOf(member(), { ...options, platformIds: true }).id).toBe('t-water/acc-1');
    expect(ledgerRowOf(member(), options).id).toBe('acc-1');
  });
});
