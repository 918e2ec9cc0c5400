import type { ErrorName } from '@uniwim/contracts';
import { tenantRefusal } from '../tenants/admission';
import type { Membership } from './accounts-repo';

export type TenantChoice = { tenantId: string | null } | { error: ErrorName };

/** Why the member cannot enter the tenant now (the tenant's part is the tenant-admission rule), or null. */
export const membershipRefusal = (m: Membership, now: Date): ErrorName | null => {
  if (m.membershipStatus !== 'active') return 'NOT_A_MEMBER';
  const tenant = tenantRefusal(
    { status: m.tenantStatus, deletedAt: m.tenantDeletedAt, expiresAt: m.tenantExpiresAt },
    now.getTime(),
  );
  if (tenant) return tenant;
  if (m.memberExpiresAt && m.memberExpiresAt.getTime() <= now.getTime()) return 'MEMBERSHIP_EXPIRED';
  return null;
};

/**
 * The tenant a sign-in enters. A tenant named by the form must be one the account belongs to.
 * Otherwise the tenant of the page (its domain) if the account belongs to it, else the account's
 * first usable tenant; platform administrators and operators may sign in with no tenant at all.
 */
export const chooseTenant = (input: {
  memberships: Membership[];
  requestedTenantId: string | null;
  pageTenantId: string | null;
  isPlatformAdmin: boolean;
  /** Platform operators (roles without the super administrator flag) may enter the platform scope too. */
  isPlatformOperator?: boolean;
  now: Date;
}): TenantChoice => {
  const { memberships, requestedTenantId, pageTenantId, isPlatformAdmin, now } = input;
  if (requestedTenantId) {
    const membership = memberships.find((m) => m.tenantId === requestedTenantId);
    if (!membership) return isPlatformAdmin ? { tenantId: requestedTenantId } : { error: 'NOT_A_MEMBER' };
    const problem = membershipRefusal(membership, now);
    return problem ? { error: problem } : { tenantId: requestedTenantId };
  }
  const page = memberships.find((m) => m.tenantId === pageTenantId);
  if (page && !membershipRefusal(page, now)) return { tenantId: page.tenantId };
  const first = memberships.find((m) => !membershipRefusal(m, now));
  if (first) return { tenantId: first.tenantId };
  if (isPlatformAdmin || input.isPlatformOperator) return { tenantId: null };
  const [only] = memberships;
  return { error: only ? (membershipRefusal(only, now) ?? 'NOT_A_MEMBER') : 'NOT_A_MEMBER' };
};
