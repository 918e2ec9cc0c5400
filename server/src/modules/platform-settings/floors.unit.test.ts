import { PLATFORM_SETTINGS_DEFAULTS, type SecurityFloors } from '@uniwim/contracts';
import { describe, expect, it } from 'vitest';
import type { LockoutSettings } from '../auth/lockout';
import { holdLockoutToFloor, holdSessionToFloor } from './floors';

const floors = (changes: Partial<SecurityFloors> = {}): SecurityFloors => ({
  ...PLATFORM_SETTINGS_DEFAULTS.securityFloors,
  ...changes,
});
const MINUTE = 60_000;
const lockout = (
  enabled: boolean,
  maxFailures: number,
  windowMin: number,
  lockMin: number,
): LockoutSettings => ({
  enabled,
  maxFailures,
  ipMaxFailures: maxFailures * 5,
  windowMs: windowMin * MINUTE,
  lockMs: lockMin * MINUTE,
});

describe('holdLockoutToFloor', () => {
  it('keeps lock-out on at the floor when every tenant turned it off and the floor says always on', () => {
    expect(holdLockoutToFloor([lockout(false, 99, 1, 1)], floors())).toEqual(lockout(true, 5, 10, 30));
  });

  it("holds a tenant's lenient numbers within the floor and keeps its stricter ones", () => {
    expect(holdLockoutToFloor([lockout(true, 10, 5, 60)], floors({ lockoutMaxFailuresAtMost: 6 }))).toEqual(
      lockout(true, 6, 10, 60),
    );
  });

  it('applies no lock-out when the floor is not always on and no scope has it', () => {
    expect(holdLockoutToFloor([lockout(false, 5, 10, 30)], floors({ lockoutAlwaysOn: false })).enabled).toBe(
      false,
    );
    expect(holdLockoutToFloor([], floors({ lockoutAlwaysOn: false })).enabled).toBe(false);
  });

  it('still bounds a tenant that has lock-out on when the floor is not always on', () => {
    expect(
      holdLockoutToFloor(
        [lockout(true, 9, 2, 3)],
        floors({ lockoutAlwaysOn: false, lockoutMaxFailuresAtMost: 4 }),
      ),
    ).toEqual(lockout(true, 4, 10, 30));
  });
});

describe('holdSessionToFloor', () => {
  it('shortens lifetimes beyond the platform longest and leaves shorter ones', () => {
    expect(
      holdSessionToFloor(
        { accessTokenTtlSeconds: 7200, refreshTokenTtlSeconds: 43_200, rememberMeTtlSeconds: 864_000 },
        floors({ accessTokenMaxMinutes: 30, refreshTokenMaxHours: 24 }),
      ),
    ).toEqual({ accessTokenTtlSeconds: 1800, refreshTokenTtlSeconds: 43_200, rememberMeTtlSeconds: 86_400 });
  });
});
