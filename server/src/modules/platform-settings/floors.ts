import { holdPolicyToFloor, type PasswordPolicy, type SecurityFloors } from '@uniwim/contracts';
import { IP_FAILURE_FACTOR, type LockoutSettings, strictestLockout } from '../auth/lockout';
import type { SessionPolicy } from '../sessions/service';

const MINUTE_MS = 60_000;

/**
 * The lock-out that guards an account: the strictest of its scopes' settings (its tenants, the tenant
 * the request names) held within the platform's floor. The floor's bounds apply whenever lock-out is
 * on anywhere; with `lockoutAlwaysOn` it is on even where every tenant turned it off.
 */
export const holdLockoutToFloor = (scopes: LockoutSettings[], floors: SecurityFloors): LockoutSettings => {
  const floor: LockoutSettings = {
    enabled: true,
    maxFailures: floors.lockoutMaxFailuresAtMost,
    ipMaxFailures: floors.lockoutMaxFailuresAtMost * IP_FAILURE_FACTOR,
    windowMs: floors.lockoutWindowMinutesAtLeast * MINUTE_MS,
    lockMs: floors.lockoutMinutesAtLeast * MINUTE_MS,
  };
  const onSomewhere = floors.lockoutAlwaysOn || scopes.some((settings) => settings.enabled);
  return onSomewhere ? strictestLockout([...scopes, floor]) : strictestLockout(scopes);
};

/** A tenant's password policy lifted to the platform's floor (rule and length). */
export const holdPasswordPolicyToFloor = (policy: PasswordPolicy, floors: SecurityFloors): PasswordPolicy =>
  holdPolicyToFloor(policy, { ruleType: floors.passwordMinRuleType, minLength: floors.passwordMinLength });

/** Token lifetimes no longer than the platform allows (the configured ones are the starting point). */
export const holdSessionToFloor = (policy: SessionPolicy, floors: SecurityFloors): SessionPolicy => {
  const longestRefresh = floors.refreshTokenMaxHours * 3600;
  return {
    accessTokenTtlSeconds: Math.min(policy.accessTokenTtlSeconds, floors.accessTokenMaxMinutes * 60),
    refreshTokenTtlSeconds: Math.min(policy.refreshTokenTtlSeconds, longestRefresh),
    rememberMeTtlSeconds: Math.min(policy.rememberMeTtlSeconds, longestRefresh),
  };
};
