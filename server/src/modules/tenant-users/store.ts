import { randomBytes } from 'node:crypto';
import type { TenantUserCreate, TenantUserRow, TenantUserUpdate } from '@uniwim/contracts';
import { eq } from 'drizzle-orm';
import { accounts } from '../../db/schema';
import { resolveViewerScope, type ViewerScope } from '../../platform/admin/data-scope';
import { type ImportHooks, isBulkImport, isImportPreview } from '../../platform/admin/import-rows';
import type { AdminContext, ResourceStore } from '../../platform/admin/resource-routes';
import { hashPassword } from '../../platform/crypto/passwords';
import { newId, randomPassword } from '../../platform/crypto/tokens';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { SmsProvider } from '../../platform/sms/provider';
import { rootDepartmentId } from '../departments/tree-path';
import { activationEntry } from '../messages/activation';
import type { OutboxEntry } from '../messages/outbox-repo';
import { assertMayGiveRoles, assertMayReach, assertNotOwnRoles } from '../roles/delegation';
import { assertTenantOwnsAccount } from './account-ownership';
import { importCredentialsOf, importReceiptOf, noteIssued } from './import-credentials';
import { assertNotProtected, expiryMoment, maskedMobile, tenantZoneIn } from './member-rules';
import { tenantUsersRepo as repo } from './repo';
import { effectiveSeatLimit, seatProblem } from './seats';

export interface TenantUserDeps {
  sms: SmsProvider;
  /** Ends the member's sessions in the tenant, on every instance. */
  endMemberSessions(tenantId: string, accountId: string): Promise<void>;
  /** Ends one sign-in (a session's family), on every instance. */
  endSession(familyId: string): Promise<void>;
  unlock(username: string): Promise<boolean>;
  /** Sign-in keeps accounts and memberships in memory: every instance drops its copy. */
  accountsChanged(): Promise<void>;
  /** The tenant's name, as an invitation names who asks. */
  tenantName(tenantId: string): Promise<string>;
  /** The message outbox: an import's activation SMS are its rows, written in the import's transaction. */
  outbox: {
    enqueue(tx: Tx, entries: readonly OutboxEntry[]): Promise<unknown>;
    /** Once committed: the outbox worker looks at once. */
    wake(): void;
  };
}

const isPast = (moment: Date | null | undefined) => moment instanceof Date && moment.getTime() <= Date.now();

const tenantOf = (ctx: AdminContext) => {
  if (!ctx.operator.tenantId) throw new AppError('FORBIDDEN', '请先切换到要管理的租户');
  return ctx.operator.tenantId;
};

/** The viewer's data scope: the operator's, read with its codes (a job's operator reads it here once). */
const scopes = new WeakMap<AdminContext, Promise<ViewerScope>>();
export const viewerScopeOf = (tx: Tx, ctx: AdminContext): Promise<ViewerScope> => {
  let scope = scopes.get(ctx);
  if (!scope) {
    scope = resolveViewerScope(tx, ctx.operator);
    scopes.set(ctx, scope);
  }
  return scope;
};

const mayAssignRoles = (ctx: AdminContext, input: { roleIds?: unknown; roleNames?: unknown }) => {
  if (
    (input.roleIds !== undefined || input.roleNames !== undefined) &&
    !ctx.operator.codes.has('user:assign-roles')
  ) {
    throw new AppError('FORBIDDEN', '没有分配角色的权限（user:assign-roles）');
  }
};

export type TenantUserStore = ResourceStore<TenantUserRow, TenantUserCreate, TenantUserUpdate> &
  ImportHooks<TenantUserRow> & {
    /** The member as the operator may see it, unmasked (guards and writes), or 404. */
    visible(tx: Tx, id: string, ctx: AdminContext): Promise<TenantUserRow>;
    protect(tx: Tx, ctx: AdminContext, rows: TenantUserRow[], what: string): Promise<void>;
    setStatus(tx: Tx, rows: TenantUserRow[], status: 'active' | 'disabled', ctx: AdminContext): Promise<void>;
    move(tx: Tx, row: TenantUserRow, departmentId: string, ctx: AdminContext): Promise<void>;
  };

export const createTenantUserStore = (deps: TenantUserDeps): TenantUserStore => {
  const shown =
    (ctx: AdminContext) =>
    (row: TenantUserRow): TenantUserRow =>
      ctx.operator.codes.has('user:view-mobile') ? row : { ...row, mobile: maskedMobile(row.mobile) };

  const visible = async (tx: Tx, id: string, ctx: AdminContext) => {
    const row = await repo.get(tx, tenantOf(ctx), id, await viewerScopeOf(tx, ctx));
    if (!row) throw new AppError('MEMBER_NOT_FOUND', `用户不存在或不在您的数据范围内：${id}`);
    return row;
  };

  /** A write must leave the member inside the operator's scope (no placing users out of sight). */
  const stillVisible = async (tx: Tx, id: string, ctx: AdminContext) => {
    const row = await repo.get(tx, tenantOf(ctx), id, await viewerScopeOf(tx, ctx));
    if (!row)
      throw new AppError('FORBIDDEN', '目标部门不在您的数据范围内', [
        { path: 'body.departmentId', message: '目标部门不在您的数据范围内' },
      ]);
    return shown(ctx)(row);
  };

  const changed = (ctx: AdminContext, endSessionsOf?: string) => {
    const tenantId = tenantOf(ctx);
    ctx.afterCommit(async () => {
      if (endSessionsOf) await deps.endMemberSessions(tenantId, endSessionsOf);
      await deps.accountsChanged();
    });
  };

  const protect = async (tx: Tx, ctx: AdminContext, rows: TenantUserRow[], what: string) => {
    const targets = await Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        activeAdmin: row.status === 'active' && (await repo.includesAdminRole(tx, row.roleIds)),
      })),
    );
    const otherAdmins = targets.some((target) => target.activeAdmin)
      ? await repo.otherActiveAdmins(
          tx,
          tenantOf(ctx),
          rows.map((row) => row.id),
        )
      : 1;
    assertNotProtected({ operatorId: ctx.operator.accountId, targets, otherAdmins, what });
  };

  const assertSeat = async (tx: Tx, ctx: AdminContext) => {
    const seats = await repo.seats(tx, tenantOf(ctx));
    const problem = seatProblem(seats.used, effectiveSeatLimit(seats.tenantLimit, seats.packageLimits), 1);
    if (problem) throw new AppError('SEAT_LIMIT_REACHED', problem);
  };

  /** The roles a write gives, with the last administrator kept when the member loses theirs. */
  const rolesOf = async (
    tx: Tx,
    row: TenantUserRow | null,
    input: { roleIds?: string[]; roleNames?: string[] },
    ctx: AdminContext,
  ) => {
    if (input.roleIds === undefined && input.roleNames === undefined) return undefined;
    const roleIds = await repo.resolveRoles(tx, { ids: input.roleIds, names: input.roleNames });
    if (row) assertNotOwnRoles(ctx, [row.id]);
    // Only what changes is given: roles the member keeps were given by someone entitled to.
    const given = roleIds.filter((id) => !row?.roleIds.includes(id));
    await assertMayGiveRoles(
      tx,
      ctx,
      given,
      input.roleNames !== undefined ? 'body.roleNames' : 'body.roleIds',
    );
    if (
      row &&
      !(await repo.includesAdminRole(tx, roleIds)) &&
      (await repo.includesAdminRole(tx, row.roleIds))
    ) {
      if (row.status === 'active' && (await repo.otherActiveAdmins(tx, tenantOf(ctx), [row.id])) === 0) {
        throw new AppError('MEMBER_PROTECTED', '不能取消租户最后一名管理员的管理员角色');
      }
    }
    return roleIds;
  };

  const create = async (tx: Tx, input: TenantUserCreate, ctx: AdminContext): Promise<TenantUserRow> => {
    const tenantId = tenantOf(ctx);
    mayAssignRoles(ctx, input);
    const departmentId =
      (await repo.resolveDepartment(tx, { id: input.departmentId, name: input.departmentName })) ??
      rootDepartmentId(tenantId);
    const roleIds = (await rolesOf(tx, null, input, ctx)) ?? [];
    const existing = input.mobile ? await repo.accountByMobile(tx, input.mobile) : undefined;
    let accountId: string;
    let invited = false;
    if (existing) {
      // An existing account joins the tenant by its mobile: its password and name stay its own.
      if (input.username && input.username !== existing.username) {
        throw new AppError('MOBILE_TAKEN', '该手机号已属于另一个账号，加入已有账号时请只填手机号', [
          { path: 'body.mobile', message: '该手机号已属于另一个账号' },
        ]);
      }
      if (await repo.isMember(tx, existing.id)) {
        throw new AppError('CONFLICT', '该用户已是本租户成员', [
          { path: 'body.mobile', message: '该用户已是本租户成员' },
        ]);
      }
      // The account is the person's own: joining is an invitation they accept, never a take-over.
      accountId = existing.id;
      invited = true;
      ctx.answerExtra = { initialPassword: null };
      const mobile = input.mobile!;
      ctx.afterCommit(async () => {
        const text = `${await deps.tenantName(tenantId)}邀请您加入，请登录后在“加入邀请”中接受或拒绝。`;
        await deps.sms.send({ mobile, template: 'message', params: { content: text }, text });
      });
    } else {
      const missing = [
        ...(input.username
          ? []
          : [{ path: 'body.username', message: '请输入账号（或填写已有账号的手机号）' }]),
        ...(input.name ? [] : [{ path: 'body.name', message: '请输入姓名' }]),
      ];
      if (missing.length > 0)
        throw new AppError('VALIDATION_FAILED', missing.map((m) => m.message).join('；'), missing);
      const [taken] = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.username, input.username!));
      if (taken) {
        throw new AppError('USERNAME_TAKEN', `账号已存在：${input.username}`, [
          { path: 'body.username', message: '账号已存在' },
        ]);
      }
      // Issue 25: an import's new user gets an initial password for the importer's file, or an
      // activation SMS (no password: the user sets one with a code sent to the same phone).
      const credentials = importCredentialsOf(ctx);
      if (credentials === 'sms' && !input.mobile) {
        const message = '选择“发送激活短信”时须填写手机号';
        throw new AppError('VALIDATION_FAILED', message, [{ path: 'body.mobile', message }]);
      }
      accountId = newId('acc-');
      const password = credentials === 'sms' ? null : randomPassword();
      await tx.insert(accounts).values({
        id: accountId,
        sn: `SN${randomBytes(5).toString('hex').toUpperCase()}`,
        username: input.username!,
        name: input.name!,
        mobile: input.mobile ?? null,
        // A preview rolls the account back: hashing its password (tens of ms each) would be wasted.
        passwordHash: password === null || isImportPreview(ctx) ? null : await hashPassword(password),
        mustChangePassword: true,
      });
      ctx.answerExtra = { initialPassword: password };
      if (credentials) {
        const member = { username: input.username!, name: input.name!, mobile: input.mobile ?? null };
        noteIssued(ctx, accountId, { ...member, password });
        if (credentials === 'sms') {
          // In the import's transaction: a preview or a row rolled back leaves no message behind.
          const entry = activationEntry(
            {
              tenantId,
              tenantName: await deps.tenantName(tenantId),
              accountId,
              ...member,
              mobile: input.mobile!,
            },
            ctx.operator.name,
          );
          await deps.outbox.enqueue(tx, [entry]);
          ctx.afterCommit(async () => deps.outbox.wake());
        }
      }
    }
    await assertSeat(tx, ctx);
    await repo.insertMember(tx, {
      tenantId,
      accountId,
      departmentId,
      source: isBulkImport(ctx) ? 'import' : 'admin',
      expiresAt: expiryMoment(input.expiresAt, await tenantZoneIn(tx, tenantId)) ?? null,
      ...(invited ? { status: 'invited' as const } : {}),
    });
    await repo.replaceRoles(tx, tenantId, accountId, roleIds);
    changed(ctx);
    return stillVisible(tx, accountId, ctx);
  };

  const setStatus = async (
    tx: Tx,
    rows: TenantUserRow[],
    status: 'active' | 'disabled',
    ctx: AdminContext,
  ) => {
    if (rows.some((row) => row.status === 'invited')) throw new AppError('INVITATION_PENDING');
    await assertMayReach(
      tx,
      ctx,
      rows.map((row) => row.id),
    );
    if (status === 'disabled') await protect(tx, ctx, rows, '停用');
    for (const row of rows) {
      await repo.updateMember(tx, row.id, row.version, { status });
      changed(ctx, status === 'disabled' ? row.id : undefined);
    }
  };

  const move = async (tx: Tx, row: TenantUserRow, departmentId: string, ctx: AdminContext) => {
    await assertMayReach(tx, ctx, [row.id]);
    const target = await repo.resolveDepartment(tx, { id: departmentId });
    await repo.updateMember(tx, row.id, row.version, { departmentId: target });
    await stillVisible(tx, row.id, ctx);
  };

  return {
    label: (row) => row.username,
    visible,
    protect,
    setStatus,
    move,
    list: async (tx, query, ctx) => {
      const page = await repo.list(tx, tenantOf(ctx), query, await viewerScopeOf(tx, ctx));
      return { ...page, items: page.items.map(shown(ctx)) };
    },
    get: async (tx, id, ctx) => {
      const row = await repo.get(tx, tenantOf(ctx), id, await viewerScopeOf(tx, ctx));
      return row && shown(ctx)(row);
    },
    create,

    update: async (tx, row, input, version, ctx) => {
      mayAssignRoles(ctx, input);
      await assertMayReach(tx, ctx, [row.id]);
      const roleIds = await rolesOf(tx, await visible(tx, row.id, ctx), input, ctx);
      const departmentId =
        input.departmentId !== undefined || input.departmentName !== undefined
          ? await repo.resolveDepartment(tx, { id: input.departmentId, name: input.departmentName })
          : undefined;
      const expiresAt = expiryMoment(input.expiresAt, await tenantZoneIn(tx, tenantOf(ctx)));
      await repo.updateMember(tx, row.id, version, {
        ...(departmentId === undefined ? {} : { departmentId }),
        ...(expiresAt === undefined ? {} : { expiresAt }),
      });
      if (roleIds) await repo.replaceRoles(tx, tenantOf(ctx), row.id, roleIds);
      changed(ctx, isPast(expiresAt) ? row.id : undefined);
      return stillVisible(tx, row.id, ctx);
    },

    /** The member leaves the tenant (the account stays: it may belong to others); their sessions here end. */
    remove: async (tx, row, ctx) => {
      const full = await visible(tx, row.id, ctx);
      await assertMayReach(tx, ctx, [row.id]);
      await protect(tx, ctx, [full], '删除');
      await repo.removeMember(tx, tenantOf(ctx), row.id, row.version);
      changed(ctx, row.id);
    },

    actions: {
      enable: async (tx, row, _body, ctx) => {
        await setStatus(tx, [row], 'active', ctx);
        return undefined;
      },
      disable: async (tx, row, _body, ctx) => {
        await setStatus(tx, [await visible(tx, row.id, ctx)], 'disabled', ctx);
        return undefined;
      },
      'reset-password': async (tx, row, body, ctx) => {
        const full = await visible(tx, row.id, ctx);
        await assertMayReach(tx, ctx, [row.id]);
        await assertTenantOwnsAccount(tx, ctx, row.id);
        const sendBySms = (body as { sendBySms?: boolean }).sendBySms === true;
        if (sendBySms && !full.mobile) throw new AppError('NO_MOBILE');
        const password = randomPassword();
        await repo.accountUpdate(tx, row.id, {
          passwordHash: await hashPassword(password),
          mustChangePassword: true,
          passwordChangedAt: null,
        });
        await repo.updateMember(tx, row.id, row.version, {});
        ctx.answerExtra = { initialPassword: sendBySms ? null : password };
        if (sendBySms) {
          const text = `您的账号 ${full.username} 的密码已重置为 ${password}，登录后须修改密码。`;
          ctx.afterCommit(() =>
            deps.sms.send({ mobile: full.mobile!, template: 'message', params: { content: text }, text }),
          );
        }
        changed(ctx, row.id);
        return undefined;
      },
      unlock: async (tx, row, _body, ctx) => {
        await assertMayReach(tx, ctx, [row.id]);
        // The lock-out is the account's, on every sign-in page: only its owner lifts it.
        await assertTenantOwnsAccount(tx, ctx, row.id);
        ctx.afterCommit(() => deps.unlock(row.username));
        return undefined;
      },
      'assign-roles': async (tx, row, body, ctx) => {
        const input = body as { roleIds: string[]; version?: number };
        await assertMayReach(tx, ctx, [row.id]);
        const roleIds = await rolesOf(tx, await visible(tx, row.id, ctx), input, ctx);
        await repo.updateMember(tx, row.id, input.version ?? row.version, {});
        await repo.replaceRoles(tx, tenantOf(ctx), row.id, roleIds ?? []);
        changed(ctx);
        return undefined;
      },
      move: async (tx, row, body, ctx) => {
        const input = body as { departmentId: string; version?: number };
        await move(tx, { ...row, version: input.version ?? row.version }, input.departmentId, ctx);
        return undefined;
      },
      'set-expiry': async (tx, row, body, ctx) => {
        const input = body as { expiresAt: string | null; version?: number };
        await assertMayReach(tx, ctx, [row.id]);
        const expiresAt = expiryMoment(input.expiresAt, await tenantZoneIn(tx, tenantOf(ctx))) ?? null;
        await repo.updateMember(tx, row.id, input.version ?? row.version, { expiresAt });
        // An expiry already past ends the member's sessions here, as a disable does.
        changed(ctx, isPast(expiresAt) ? row.id : undefined);
        return undefined;
      },
      'sign-out': async (tx, row, _body, ctx) => {
        const tenantId = tenantOf(ctx);
        await assertMayReach(tx, ctx, [row.id]);
        ctx.afterCommit(() => deps.endMemberSessions(tenantId, row.id));
        return undefined;
      },
    },

    importReceipt: importReceiptOf,
    // Imports: a row finds its member by account, else by mobile.
    importKeysOf: (record) =>
      [record.username, record.mobile].filter((key): key is string => typeof key === 'string' && key !== ''),
    findByImportKeys: async (tx, keys, ctx) =>
      repo.findByAccountsOrMobiles(tx, tenantOf(ctx), keys, await viewerScopeOf(tx, ctx)),
  };
};
