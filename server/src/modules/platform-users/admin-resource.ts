import { randomBytes } from 'node:crypto';
import {
  envelopeSchema,
  type PlatformUserCreate,
  type PlatformUserRow,
  type PlatformUserUpdate,
  platformUserSessionSchema,
  platformUsersResource,
} from '@uniwim/contracts';
import { z } from 'zod';
import { accounts } from '../../db/schema';
import type { AdminContext, ResourceDefinition, ResourceStore } from '../../platform/admin/resource-routes';
import { hashPassword } from '../../platform/crypto/passwords';
import { newId, randomPassword } from '../../platform/crypto/tokens';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { ok } from '../../platform/http/envelope';
import type { SmsProvider } from '../../platform/sms/provider';
import { assertMayGivePlatformRoles, assertMayReachPlatformUser } from './delegation';
import { platformUsersRepo as repo } from './repo';

export interface PlatformUserDeps {
  sms: SmsProvider;
  /** Ends every session of the account, on every instance. */
  endSessions(accountId: string): Promise<void>;
  unlock(username: string): Promise<boolean>;
  /** Sign-in keeps accounts in memory: every instance drops its copy. */
  accountsChanged(): Promise<void>;
}

const notSelf = (ctx: AdminContext, row: PlatformUserRow, what: string) => {
  if (row.id === ctx.operator.accountId) throw new AppError('RULE_BROKEN', `不能${what}自己的账号`);
};

/** The platform keeps at least one active super administrator. */
const keepsASuperAdmin = async (tx: Tx, row: PlatformUserRow, what: string) => {
  if (row.superAdmin && row.status === 'active' && (await repo.otherActiveSuperAdmins(tx, row.id)) === 0) {
    throw new AppError('RULE_BROKEN', `不能${what}最后一名平台超级管理员`);
  }
};

const found = async (tx: Tx, id: string) => {
  const row = await repo.get(tx, id);
  if (!row || !(await repo.isOperator(tx, id))) throw new AppError('NOT_FOUND', `平台用户不存在：${id}`);
  return row;
};

export const createPlatformUserStore = (
  deps: PlatformUserDeps,
): ResourceStore<PlatformUserRow, PlatformUserCreate, PlatformUserUpdate> => {
  const changed = (ctx: AdminContext, endSessionsOf?: string) =>
    ctx.afterCommit(async () => {
      if (endSessionsOf) await deps.endSessions(endSessionsOf);
      await deps.accountsChanged();
    });

  /** A new random password, changed at the next sign-in; shown once or sent by SMS. */
  const resetPassword = async (tx: Tx, row: PlatformUserRow, sendBySms: boolean, ctx: AdminContext) => {
    if (sendBySms && !row.mobile) throw new AppError('NO_MOBILE');
    const password = randomPassword();
    await repo.updateAtVersion(tx, row.id, row.version, {
      passwordHash: await hashPassword(password),
      mustChangePassword: true,
      passwordChangedAt: null,
    });
    ctx.answerExtra = { initialPassword: sendBySms ? null : password };
    if (sendBySms) {
      const text = `您的平台账号 ${row.username} 的密码已重置为 ${password}，登录后须修改密码。`;
      ctx.afterCommit(() =>
        deps.sms.send({ mobile: row.mobile!, template: 'message', params: { content: text }, text }),
      );
    }
    changed(ctx, row.id);
  };

  return {
    label: (row) => row.username,
    list: (tx, query) => repo.list(tx, query),
    get: async (tx, id) => ((await repo.isOperator(tx, id)) ? repo.get(tx, id) : undefined),

    create: async (tx, input, ctx) => {
      if (!input.superAdmin && (input.roleIds ?? []).length === 0) {
        throw new AppError('BAD_REQUEST', '请至少选择一个平台角色', [
          { path: 'body.roleIds', message: '请至少选择一个平台角色' },
        ]);
      }
      await assertMayGivePlatformRoles(tx, ctx, {
        superAdmin: input.superAdmin === true,
        roleIds: input.roleIds ?? [],
      });
      const id = newId('acc-');
      const password = randomPassword();
      await tx.insert(accounts).values({
        id,
        sn: `SN${randomBytes(5).toString('hex').toUpperCase()}`,
        username: input.username,
        name: input.name,
        mobile: input.mobile ?? null,
        isPlatformAdmin: input.superAdmin === true,
        passwordHash: await hashPassword(password),
        mustChangePassword: true,
      });
      await repo.replaceRoles(tx, id, input.roleIds ?? []);
      ctx.answerExtra = { initialPassword: password };
      changed(ctx);
      return (await repo.get(tx, id))!;
    },

    update: async (tx, row, input, version, ctx) => {
      await assertMayReachPlatformUser(tx, ctx, row);
      const rolesChange =
        (input.roleIds !== undefined &&
          (input.roleIds.length !== row.roleIds.length ||
            input.roleIds.some((id) => !row.roleIds.includes(id)))) ||
        (input.superAdmin !== undefined && input.superAdmin !== row.superAdmin);
      if (rolesChange && row.id === ctx.operator.accountId && !ctx.operator.platformAdmin)
        throw new AppError('OWN_ROLES_UNCHANGEABLE');
      await assertMayGivePlatformRoles(tx, ctx, {
        superAdmin: input.superAdmin === true && !row.superAdmin,
        roleIds: (input.roleIds ?? []).filter((id) => !row.roleIds.includes(id)),
      });
      if (input.superAdmin === false && row.superAdmin) {
        notSelf(ctx, row, '取消');
        await keepsASuperAdmin(tx, row, '取消');
      }
      await repo.updateAtVersion(tx, row.id, version, {
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.mobile === undefined ? {} : { mobile: input.mobile }),
        ...(input.superAdmin === undefined ? {} : { isPlatformAdmin: input.superAdmin }),
      });
      if (input.roleIds) await repo.replaceRoles(tx, row.id, input.roleIds);
      if (!(await repo.isOperator(tx, row.id))) {
        throw new AppError('BAD_REQUEST', '请至少选择一个平台角色', [
          { path: 'body.roleIds', message: '请至少选择一个平台角色' },
        ]);
      }
      changed(ctx);
      return (await repo.get(tx, row.id))!;
    },

    /** Leaves the platform: the flag and roles go, and so do the sessions; the account stays. */
    remove: async (tx, row, ctx) => {
      await assertMayReachPlatformUser(tx, ctx, row);
      notSelf(ctx, row, '删除');
      await keepsASuperAdmin(tx, row, '删除');
      await repo.updateAtVersion(tx, row.id, row.version, { isPlatformAdmin: false });
      await repo.replaceRoles(tx, row.id, []);
      changed(ctx, row.id);
    },

    actions: {
      enable: async (tx, row, _body, ctx) => {
        await assertMayReachPlatformUser(tx, ctx, row);
        await repo.updateAtVersion(tx, row.id, row.version, { status: 'active' });
        changed(ctx);
        return undefined;
      },
      disable: async (tx, row, _body, ctx) => {
        await assertMayReachPlatformUser(tx, ctx, row);
        notSelf(ctx, row, '停用');
        await keepsASuperAdmin(tx, row, '停用');
        await repo.updateAtVersion(tx, row.id, row.version, { status: 'disabled' });
        changed(ctx, row.id);
        return undefined;
      },
      'reset-password': async (tx, row, body, ctx) => {
        await assertMayReachPlatformUser(tx, ctx, row);
        await resetPassword(tx, row, (body as { sendBySms?: boolean }).sendBySms === true, ctx);
        return undefined;
      },
      unlock: async (tx, row, _body, ctx) => {
        await assertMayReachPlatformUser(tx, ctx, row);
        ctx.afterCommit(() => deps.unlock(row.username));
        return undefined;
      },
      'sign-out': async (tx, row, _body, ctx) => {
        await assertMayReachPlatformUser(tx, ctx, row);
        ctx.afterCommit(() => deps.endSessions(row.id));
        return undefined;
      },
    },
  };
};

export const platformUserAdminResource = (deps: PlatformUserDeps): ResourceDefinition => ({
  declaration: platformUsersResource,
  store: createPlatformUserStore(deps) as unknown as ResourceDefinition['store'],
  routes: ({ app, base, tags, security, guard, read }) => {
    app.get(
      `${base}/:id/sessions`,
      {
        ...guard('platform-user:sessions'),
        schema: {
          tags,
          summary: "A platform user's live sessions (sign-ins not revoked or expired)",
          security,
          params: z.object({ id: z.string().trim().min(1).max(100) }),
          response: { 200: envelopeSchema(z.array(platformUserSessionSchema)) },
        },
      },
      async (request) =>
        ok(
          await read(request, async (tx) => {
            await found(tx, request.params.id);
            const rows = await repo.liveSessions(tx, request.params.id);
            return rows.map((s) => ({
              ...s,
              createdAt: s.createdAt.toISOString(),
              accessExpiresAt: s.accessExpiresAt.toISOString(),
            }));
          }),
        ),
    );
  },
});
