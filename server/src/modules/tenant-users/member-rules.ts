import { AppError } from '../../platform/errors';

/** A day alone means the end of that day, platform time (China Standard Time). */
export const expiryMoment = (value: string | null | undefined): Date | null | undefined => {
  if (value === undefined) return undefined;
  if (value === null) return null;
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T23:59:59.999+08:00`) : new Date(value);
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
