import type { ErrorName } from '@uniwim/contracts';
import { sql } from 'drizzle-orm';
import { tenants } from '../../db/schema';
import { TtlCache } from '../../platform/cache/ttl-cache';
import { AppError } from '../../platform/errors';

/** What decides whether a tenant admits anyone: its switch, the recycle bin and its end date. */
export interface TenantLifecycle {
  status: 'active' | 'disabled';
  deletedAt: Date | null;
  expiresAt: Date | null;
}

export type TenantRefusal = Extract<ErrorName, 'TENANT_DISABLED' | 'TENANT_EXPIRED' | 'TENANT_NOT_FOUND'>;

/**
 * The rule (docs/decisions.md, "Tenant lifecycle"): a tenant admits nobody when it is disabled, in the
 * recycle bin (answered as disabled: the bin is the platform's business) or past its end date. Every
 * entry asks this, directly or through the admission service below.
 */
export const tenantRefusal = (
  tenant: TenantLifecycle | undefined,
  now: number = Date.now(),
): TenantRefusal | null => {
  if (!tenant) return 'TENANT_NOT_FOUND';
  if (tenant.deletedAt !== null || tenant.status !== 'active') return 'TENANT_DISABLED';
  if (tenant.expiresAt !== null && tenant.expiresAt.getTime() <= now) return 'TENANT_EXPIRED';
  return null;
};

/** The same rule as a condition on `tenants`, for the lists a user chooses a tenant from. */
export const tenantAdmitsCondition = sql`(${tenants.status} = 'active' AND ${tenants.deletedAt} IS NULL AND (${tenants.expiresAt} IS NULL OR ${tenants.expiresAt} > now()))`;

/** How long a tenant's state is trusted in memory; a change announced on any instance drops it at once. */
export const TENANT_ADMISSION_CACHE_MS = 5_000;

/**
 * Whether a tenant admits anyone, asked on every authenticated request (sessions, API client tokens),
 * every sign-in, refresh and switch. The tenant's state is kept a few seconds; the time is compared on
 * each call, so a tenant that expires needs no event. `forget` is called by the tenant service when a
 * tenant change is announced (on the instance that made it and, through PubSub, on every other one).
 */
export const createTenantAdmission = (
  readLifecycle: (tenantId: string) => Promise<TenantLifecycle | undefined>,
) => {
  const states = new TtlCache<TenantLifecycle | null>(TENANT_ADMISSION_CACHE_MS);
  const refusalOf = async (tenantId: string): Promise<TenantRefusal | null> =>
    tenantRefusal(
      (await states.getOrLoad(tenantId, async () => (await readLifecycle(tenantId)) ?? null)) ?? undefined,
    );
  return {
    refusalOf,
    /** Throws the tenant's typed refusal; returns when it admits. */
    admit: async (tenantId: string): Promise<void> => {
      const refusal = await refusalOf(tenantId);
      if (refusal) throw new AppError(refusal);
    },
    forget: () => states.clear(),
  };
};

export type TenantAdmission = ReturnType<typeof createTenantAdmission>;

/** A refusal of the admission service (a session or token whose tenant no longer admits). */
export const isTenantRefusal = (error: unknown): boolean =>
  error instanceof AppError &&
  (error.errorName === 'TENANT_DISABLED' ||
    error.errorName === 'TENANT_EXPIRED' ||
    error.errorName === 'TENANT_NOT_FOUND');
