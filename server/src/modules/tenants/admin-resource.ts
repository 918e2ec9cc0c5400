import { randomBytes } from 'node:crypto';
import {
  formatInZone,
  TENANT_PURGE_GRACE_DAYS,
  type TenantCreate,
  type TenantRow,
  type TenantUpdate,
  tenantSetPackagesBodySchema,
  tenantsResource,
} from '@uniwim/contracts';
import { eq, sql } from 'drizzle-orm';
import { accounts, membershipRoles, roles, tenantMemberships, tenants } from '../../db/schema';
import { type ImportHooks, isBulkImport } from '../../platform/admin/import-rows';
import type { AdminContext, ResourceDefinition, ResourceStore } from '../../platform/admin/resource-routes';
import { hashPassword } from '../../platform/crypto/passwords';
import { newId, randomPassword } from '../../platform/crypto/tokens';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { SmsProvider } from '../../platform/sms/provider';
import { giveDefaultPackage, setTenantPackages, type TenantPackagesDeps } from '../packages/tenant-packages';
import { platformSettingsRepo } from '../platform-settings/repo';
import { tenantsAdminRepo as repo } from './admin-repo';
import { createTenantsInBulk } from './bulk-create';
import { administratorPlacement, provisionTenants } from './provision';

export interface TenantAdminDeps extends TenantPackagesDeps {
  sms: SmsProvider;
  /** Ends every session in the tenant, on every instance. */
  endTenantSessions(tenantId: string): Promise<void>;
  /** Tells every instance that tenants, accounts or memberships changed (caches drop them). */
  announceTenantChange(): Promise<void>;
}

const DAY_MS = 86_400_000;
export const TENANT_ADMIN_ROLE = { code: 'tenant-admin', name: '租户管理员' } as const;

const inBin = (row: TenantRow) => row.deletedAt !== null;
const notInBin = (row: TenantRow) => {
  if (inBin(row)) throw new AppError('NOT_FOUND', '租户已在回收站中，请先恢复');
};

const valuesOf = (input: TenantUpdate) => ({
  ...(input.name === undefined ? {} : { name: input.name }),
  ...(input.contactName === undefined ? {} : { contactName: input.contactName }),
  ...(input.contactPhone === undefined ? {} : { contactPhone: input.contactPhone }),
  ...(input.seatLimit === undefined ? {} : { seatLimit: input.seatLimit }),
  ...(input.expiresAt === undefined ? {} : { expiresAt: input.expiresAt ? new Date(input.expiresAt) : null }),
});

/**
 * The tenant's administrator: the existing account with that mobile, or a new one with a random
 * initial password that must be changed at the first sign-in. An import makes new administrators
 * without a password (nobody could be shown thousands of them once, and hashing each would take
 * minutes): they sign in with an SMS code or set a password through "forgot password".
 */
const provisionAdministrator = async (tx: Tx, tenantId: string, input: TenantCreate, withPassword = true) => {
  const [existing] = await tx
    .select({ id: accounts.id, username: accounts.username })
    .from(accounts)
    .where(eq(accounts.mobile, input.admin.mobile));
  let account = existing;
  let initialPassword: string | null = null;
  if (!account) {
    const username = input.admin.username ?? `${input.code}.admin`;
    const [taken] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.username, username));
    if (taken) {
      throw new AppError('USERNAME_TAKEN', `账号已存在：${username}`, [
        { path: 'body.admin.username', message: '账号已存在' },
      ]);
    }
    initialPassword = withPassword ? randomPassword() : null;
    account = { id: newId('acc-'), username };
    await tx.insert(accounts).values({
      id: account.id,
      sn: `SN${randomBytes(5).toString('hex').toUpperCase()}`,
      username,
      mobile: input.admin.mobile,
      name: input.admin.name ?? `${input.name}管理员`,
      passwordHash: initialPassword === null ? null : await hashPassword(initialPassword),
      mustChangePassword: true,
    });
  }
  const roleId = `${tenantId}-admin`;
  await tx.insert(roles).values({
    tenantId,
    id: roleId,
    code: TENANT_ADMIN_ROLE.code,
    name: TENANT_ADMIN_ROLE.name,
    isAdmin: true,
  });
  await tx
    .insert(tenantMemberships)
    .values({ tenantId, accountId: account.id, ...administratorPlacement(tenantId) });
  await tx.insert(membershipRoles).values({ tenantId, accountId: account.id, roleId });
  return { account, initialPassword };
};

export const createTenantAdminStore = (
  deps: TenantAdminDeps,
): ResourceStore<TenantRow, TenantCreate, TenantUpdate> & ImportHooks<TenantRow> => {
  const reread = async (tx: Tx, id: string) => (await repo.get(tx, id))!;
  const afterChange = (ctx: AdminContext, options: { endSessions?: string } = {}) => {
    ctx.afterCommit(async () => {
      if (options.endSessions) await deps.endTenantSessions(options.endSessions);
      await deps.announceTenantChange();
    });
  };

  return {
    label: (row) => row.name,
    list: (tx, query) => repo.list(tx, query),
    get: (tx, id) => repo.get(tx, id),
    findByImportKeys: (tx, codes) => repo.findByCodes(tx, codes),

    /** An import's creates, set-based (see bulk-create.ts); bodies with packages take the single path. */
    createMany: async (tx, inputs: TenantCreate[], ctx) => {
      if (inputs.some((input) => input.packages !== undefined || input.sendPasswordBySms)) return undefined;
      const outcomes = await createTenantsInBulk(tx, inputs, TENANT_ADMIN_ROLE);
      if (outcomes.some((outcome) => 'row' in outcome)) afterChange(ctx);
      return outcomes;
    },

    create: async (tx, input, ctx) => {
      const id = `t-${input.code}`;
      const [taken] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, id));
      if (taken)
        throw new AppError('DUPLICATE', '编码已存在', [{ path: 'body.code', message: '编码已存在' }]);
      await tx.insert(tenants).values({ id, code: input.code, ...valuesOf(input), name: input.name });
      if (input.domains) await repo.replaceDomains(tx, id, input.domains);
      // The root department first: the administrator is placed in it.
      await provisionTenants(tx, [{ id, name: input.name }]);
      const { account, initialPassword } = await provisionAdministrator(tx, id, input, !isBulkImport(ctx));
      // After the administrator role exists, so it receives the packages' menus. A tenant whose
      // creator names no package gets the platform's default one: a new tenant is never empty.
      if (input.packages) await setTenantPackages(tx, deps, id, input.packages, ctx);
      else await giveDefaultPackage(tx, [id]);
      const sendBySms = input.sendPasswordBySms === true && initialPassword !== null;
      ctx.answerExtra = {
        adminUsername: account.username,
        adminIsNew: initialPassword !== null,
        initialPassword: sendBySms ? null : initialPassword,
      };
      if (sendBySms) {
        const text = `您已成为租户“${input.name}”的管理员，账号 ${account.username}，初始密码 ${initialPassword}，首次登录须修改密码。`;
        ctx.afterCommit(() =>
          deps.sms.send({ mobile: input.admin.mobile, template: 'message', params: { content: text }, text }),
        );
      }
      afterChange(ctx);
      return reread(tx, id);
    },

    update: async (tx, row, input, version, ctx) => {
      notInBin(row);
      await repo.updateAtVersion(tx, row.id, version, valuesOf(input));
      if (input.domains) await repo.replaceDomains(tx, row.id, input.domains);
      afterChange(ctx);
      return reread(tx, row.id);
    },

    actions: {
      /** Replaces the packages the tenant holds; what it may use follows (see modules/packages). */
      'set-packages': async (tx, row, body, ctx) => {
        notInBin(row);
        // The framework validated a body that was sent; a request without one has no packages.
        const parsed = tenantSetPackagesBodySchema.safeParse(body);
        if (!parsed.success) throw new AppError('VALIDATION_FAILED', '请选择租户的套餐');
        const { packages, version } = parsed.data;
        await repo.updateAtVersion(tx, row.id, version ?? row.version, {});
        await setTenantPackages(tx, deps, row.id, packages, ctx);
        return reread(tx, row.id);
      },
      enable: async (tx, row, _body, ctx) => {
        notInBin(row);
        await repo.updateAtVersion(tx, row.id, row.version, { status: 'active' });
        afterChange(ctx);
        return reread(tx, row.id);
      },
      disable: async (tx, row, _body, ctx) => {
        notInBin(row);
        await repo.updateAtVersion(tx, row.id, row.version, { status: 'disabled' });
        afterChange(ctx, { endSessions: row.id });
        return reread(tx, row.id);
      },
      /** To the recycle bin, after the name is typed again; the tenant's sessions end at once. */
      delete: async (tx, row, body, ctx) => {
        notInBin(row);
        if ((body as { confirmName?: string }).confirmName !== row.name) {
          throw new AppError('CONFIRMATION_MISMATCH', '请输入租户名称以确认删除', [
            { path: 'body.confirmName', message: '与租户名称不一致' },
          ]);
        }
        await repo.updateAtVersion(tx, row.id, row.version, {
          deletedAt: new Date(),
          deletedBy: ctx.operator.accountId,
        });
        afterChange(ctx, { endSessions: row.id });
        return reread(tx, row.id);
      },
      restore: async (tx, row, _body, ctx) => {
        if (!inBin(row)) throw new AppError('NOT_IN_RECYCLE_BIN');
        await repo.updateAtVersion(tx, row.id, row.version, { deletedAt: null, deletedBy: null });
        afterChange(ctx);
        return reread(tx, row.id);
      },
      /** After the grace period only; the answer reports what was removed, table by table. */
      purge: async (tx, row, _body, ctx) => {
        if (!inBin(row)) throw new AppError('NOT_IN_RECYCLE_BIN');
        const purgeableAt = new Date(row.deletedAt!).getTime() + TENANT_PURGE_GRACE_DAYS * DAY_MS;
        if (Date.now() < purgeableAt) {
          throw new AppError(
            'RULE_BROKEN',
            `租户删除后需在回收站保留${TENANT_PURGE_GRACE_DAYS}天，${formatInZone(purgeableAt, await platformSettingsRepo.timeZoneIn(tx), 'minute')}后才可彻底删除`,
          );
        }
        ctx.answerExtra = { purged: await repo.purge(tx, row.id) };
        afterChange(ctx);
        return undefined;
      },
    },
  };
};

export const tenantAdminResource = (deps: TenantAdminDeps): ResourceDefinition => ({
  declaration: tenantsResource,
  store: createTenantAdminStore(deps) as unknown as ResourceDefinition['store'],
});

/** A deleted tenant is gone for sign-in and the pages that resolve it. */
export const liveTenantCondition = sql`${tenants.deletedAt} IS NULL`;
