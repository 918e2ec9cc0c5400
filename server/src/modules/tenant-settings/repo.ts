import type { TenantBasics, TenantSettingsHistoryEntry } from '@uniwim/contracts';
import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { accounts, tenantLoginConfigs, tenantMemberships, tenants } from '../../db/schema';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { tenantsAdminRepo } from '../tenants/admin-repo';
import { tenantDomains } from '../tenants/schema';
import { tenantSecurityPolicies, tenantSettingsHistory } from './schema';

export interface StoredTenantSettings {
  code: string;
  basics: TenantBasics;
  twoFactorRequired: boolean;
  /** The tenant's login configuration override as stored (a subset of fields). */
  loginOverride: Record<string, unknown>;
  /** The private policy as stored (read field by field by the service). */
  privatePolicy: Record<string, unknown>;
  version: number;
  updatedAt: Date | null;
  updatedBy: string | null;
}

export interface HistoryRow {
  version: number;
  action: 'update' | 'rollback';
  restoredVersion: number | null;
  snapshot: unknown;
  changes: TenantSettingsHistoryEntry['changes'];
  operatorId: string;
  operatorName: string;
}

const asObject = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * SQL of the tenant settings page, every statement naming the tenant: the transaction is the
 * platform's (domains are unique across tenants, the tenants row has no tenant scope), and the
 * tenant comes from the operator's session only, never from the request.
 */
export const tenantSettingsRepo = {
  /** Serialises the saves of one tenant across instances. */
  lockForSave: async (tx: Tx, tenantId: string): Promise<void> => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`tenant_settings:${tenantId}`}))`);
  },

  current: async (tx: Tx, tenantId: string): Promise<StoredTenantSettings | undefined> => {
    const [tenant] = await tx
      .select({
        code: tenants.code,
        name: tenants.name,
        shortName: tenants.shortName,
        contactName: tenants.contactName,
        contactPhone: tenants.contactPhone,
        timeZone: tenants.timeZone,
        twoFactorRequired: tenants.twoFactorRequired,
      })
      .from(tenants)
      .where(and(eq(tenants.id, tenantId), sql`${tenants.deletedAt} IS NULL`));
    if (!tenant) return undefined;
    const domains = await tx
      .select({ domain: tenantDomains.domain })
      .from(tenantDomains)
      .where(eq(tenantDomains.tenantId, tenantId))
      .orderBy(tenantDomains.createdAt, tenantDomains.domain);
    const [login] = await tx
      .select({ config: tenantLoginConfigs.config })
      .from(tenantLoginConfigs)
      .where(eq(tenantLoginConfigs.tenantId, tenantId));
    const [policy] = await tx
      .select({ policy: tenantSecurityPolicies.policy })
      .from(tenantSecurityPolicies)
      .where(eq(tenantSecurityPolicies.tenantId, tenantId));
    const [latest] = await tx
      .select({
        version: tenantSettingsHistory.version,
        createdAt: tenantSettingsHistory.createdAt,
        operatorName: tenantSettingsHistory.operatorName,
      })
      .from(tenantSettingsHistory)
      .where(eq(tenantSettingsHistory.tenantId, tenantId))
      .orderBy(desc(tenantSettingsHistory.version))
      .limit(1);
    return {
      code: tenant.code,
      basics: {
        name: tenant.name,
        shortName: tenant.shortName ?? '',
        contactName: tenant.contactName ?? '',
        contactPhone: tenant.contactPhone ?? '',
        domains: domains.map((row) => row.domain),
        timeZone: tenant.timeZone,
      },
      twoFactorRequired: tenant.twoFactorRequired,
      loginOverride: asObject(login?.config),
      privatePolicy: asObject(policy?.policy),
      version: latest?.version ?? 0,
      updatedAt: latest?.createdAt ?? null,
      updatedBy: latest?.operatorName ?? null,
    };
  },

  /** Names are unique across tenants, domains too (the answer names the one taken). */
  writeBasics: async (tx: Tx, tenantId: string, basics: TenantBasics): Promise<void> => {
    const [sameName] = await tx
      .select({ id: tenants.id })
      .from(tenants)
      .where(and(eq(tenants.name, basics.name), ne(tenants.id, tenantId)));
    if (sameName) {
      const message = `租户名称已被使用：${basics.name}`;
      throw new AppError('DUPLICATE', message, [{ path: 'basics.name', message }]);
    }
    try {
      await tenantsAdminRepo.replaceDomains(tx, tenantId, basics.domains);
    } catch (error) {
      if (error instanceof AppError && error.errorName === 'DUPLICATE')
        throw new AppError('DOMAIN_TAKEN', error.message, [
          { path: 'basics.domains', message: error.message },
        ]);
      throw error;
    }
    await tx
      .update(tenants)
      .set({
        name: basics.name,
        shortName: basics.shortName || null,
        contactName: basics.contactName || null,
        contactPhone: basics.contactPhone || null,
        timeZone: basics.timeZone,
        version: sql`${tenants.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(tenants.id, tenantId));
  },

  writeTwoFactor: async (tx: Tx, tenantId: string, required: boolean): Promise<void> => {
    await tx.update(tenants).set({ twoFactorRequired: required }).where(eq(tenants.id, tenantId));
  },

  writeLoginOverride: async (tx: Tx, tenantId: string, config: Record<string, unknown>): Promise<void> => {
    await tx
      .insert(tenantLoginConfigs)
      .values({ tenantId, config })
      .onConflictDoUpdate({ target: tenantLoginConfigs.tenantId, set: { config, updatedAt: sql`now()` } });
  },

  writePrivatePolicy: async (tx: Tx, tenantId: string, policy: Record<string, unknown>): Promise<void> => {
    await tx
      .insert(tenantSecurityPolicies)
      .values({ tenantId, policy })
      .onConflictDoUpdate({
        target: tenantSecurityPolicies.tenantId,
        set: { policy, updatedAt: sql`now()` },
      });
  },

  /** Every active member must change the password at the next sign-in; answers how many were marked. */
  markMembersForPasswordChange: async (tx: Tx, tenantId: string): Promise<number> => {
    const members = tx
      .select({ id: tenantMemberships.accountId })
      .from(tenantMemberships)
      .where(and(eq(tenantMemberships.tenantId, tenantId), eq(tenantMemberships.status, 'active')));
    const marked = await tx
      .update(accounts)
      .set({ mustChangePassword: true, updatedAt: sql`now()` })
      .where(and(eq(accounts.mustChangePassword, false), inArray(accounts.id, members)))
      .returning({ id: accounts.id });
    return marked.length;
  },

  insertHistory: async (tx: Tx, tenantId: string, row: HistoryRow): Promise<Date> => {
    const [inserted] = await tx
      .insert(tenantSettingsHistory)
      .values({ tenantId, ...row })
      .returning({ createdAt: tenantSettingsHistory.createdAt });
    return inserted!.createdAt;
  },

  snapshotAt: async (tx: Tx, tenantId: string, version: number): Promise<unknown | undefined> => {
    const [row] = await tx
      .select({ snapshot: tenantSettingsHistory.snapshot })
      .from(tenantSettingsHistory)
      .where(and(eq(tenantSettingsHistory.tenantId, tenantId), eq(tenantSettingsHistory.version, version)));
    return row?.snapshot;
  },

  historyPage: async (tx: Tx, tenantId: string, page: number, pageSize: number) => {
    const rows = await tx
      .select()
      .from(tenantSettingsHistory)
      .where(eq(tenantSettingsHistory.tenantId, tenantId))
      .orderBy(desc(tenantSettingsHistory.version))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const [total] = await tx
      .select({ n: count() })
      .from(tenantSettingsHistory)
      .where(eq(tenantSettingsHistory.tenantId, tenantId));
    const items: TenantSettingsHistoryEntry[] = rows.map((row) => ({
      version: row.version,
      action: row.action as TenantSettingsHistoryEntry['action'],
      restoredVersion: row.restoredVersion,
      operatorName: row.operatorName,
      createdAt: row.createdAt.toISOString(),
      changes: row.changes as TenantSettingsHistoryEntry['changes'],
    }));
    return { items, total: Number(total?.n ?? 0), page, pageSize };
  },

  /** The member's last sign-in (or joining, before any) in this tenant; null when not a member. */
  memberActivity: async (tx: Tx, tenantId: string, accountId: string) => {
    const [row] = await tx
      .select({
        lastSignInAt: tenantMemberships.lastSignInAt,
        createdAt: tenantMemberships.createdAt,
        status: tenantMemberships.status,
        // Qualified by hand: drizzle writes a single-table select's columns bare, which the subquery would misread.
        holdsAdminRole: sql<boolean>`EXISTS (
          SELECT 1 FROM membership_roles mr JOIN roles r ON r.tenant_id = mr.tenant_id AND r.id = mr.role_id
          WHERE mr.tenant_id = tenant_memberships.tenant_id AND mr.account_id = tenant_memberships.account_id
            AND r.is_admin AND r.status = 'active')`,
      })
      .from(tenantMemberships)
      .where(and(eq(tenantMemberships.tenantId, tenantId), eq(tenantMemberships.accountId, accountId)));
    return row ?? null;
  },

  disableMember: async (tx: Tx, tenantId: string, accountId: string): Promise<void> => {
    await tx
      .update(tenantMemberships)
      .set({ status: 'disabled' })
      .where(and(eq(tenantMemberships.tenantId, tenantId), eq(tenantMemberships.accountId, accountId)));
  },
};
