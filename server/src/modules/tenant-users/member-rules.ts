import { DEFAULT_TIME_ZONE, startOfDayIn } from '@uniwim/contracts';
import { eq } from 'drizzle-orm';
import { tenants } from '../../db/schema';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';

/** A day alone means the end of that day in the tenant's time zone (issue 25). */
export const expiryMoment = (value: string | null | undefined, zone: string): Date | null | undefined => {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(value);
  const next = new Date(Date.parse(`${value}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return new Date(startOfDayIn(next, zone).getTime() - 1);
};

/** The tenant's time zone, read in the transaction that stores an expiry. */
export const tenantZoneIn = async (tx: Tx, tenantId: string): Promise<string> => {
  const [row] = await tx.select({ zone: tenants.timeZone }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.zone ?? DEFAULT_TIME_ZONE;
};

/** 13900000001 → 139****0001 */
export const maskedMobile = (mobile: string | null): string | null =>
  mobile === null ? null : mobile.length >= 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : '****';

export interface ProtectedCheck {
  operatorId: string;
  /** The members about to be disabled or removed, or to lose the administrator role. */
  targets: { id: string; activeAdmin: boolean }[];
  /** Active administrators left outside the targets. */
  otherAdmins: number;
  what: string;
}

/** An administrator cannot disable or delete themselves, nor leave the tenant without an administrator. */
export const assertNotProtected = ({ operatorId, targets, otherAdmins, what }: ProtectedCheck) => {
  if (targets.some((target) => target.id === operatorId)) {
    throw new AppError('MEMBER_PROTECTED', `不能${what}自己的账号`);
  }
  if (targets.some((target) => target.activeAdmin) && otherAdmins === 0) {
    throw new AppError('MEMBER_PROTECTED', `不能${what}租户的最后一名管理员`);
  }
};
