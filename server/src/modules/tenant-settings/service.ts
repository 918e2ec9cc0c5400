import {
  encodeLoginConfig,
  type LoginConfig,
  loginConfigSchema,
  type SecurityFloors,
  type TenantLookPreviewAnswer,
  type TenantPrivatePolicy,
  type TenantSettings,
  type TenantSettingsAnswer,
  type TenantSettingsGroup,
  type TenantSettingsSave,
  tenantSettingsSchema,
} from '@uniwim/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { platformSettings } from '../../db/schema';
import type { AdminActor } from '../../platform/admin/admin-guard';
import { diffChanges, type FieldChanges, recordOperation } from '../../platform/admin/operation-log';
import { TtlCache } from '../../platform/cache/ttl-cache';
import { newOpaqueToken } from '../../platform/crypto/tokens';
import type { Database, Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { ok } from '../../platform/http/envelope';
import type { PubSub } from '../../platform/pubsub/pubsub';
import type { Store } from '../../platform/store/store';
import { mergeLoginConfig } from '../login-config/merge';
import type { SessionPolicy } from '../sessions/service';
import { tenantSettingsRepo as repo, type StoredTenantSettings } from './repo';
import { lookOf, overrideWith, privatePartOf, privatePolicyOf, securityOf } from './settings-mapping';
import { ipAllowed, memberDormant, passwordExpired } from './sign-in-rules';
import { checkGroups } from './validation';

export const TENANT_POLICY_CHANGED_CHANNEL = 'tenant-policy-changed';
const RESOURCE = 'tenant-settings';
const PREVIEW_TTL_MS = 30 * 60_000;
const previewKey = (id: string) => `look-preview:${id}`;

export type TenantSettingsActor = AdminActor;

export interface TenantSettingsDeps {
  db: Database;
  pubsub: PubSub;
  store: Store;
  floors(): Promise<SecurityFloors>;
  /** The tenant's effective login configuration as served (cached, invalidated on every instance). */
  effectiveLoginConfig(tenantId: string): Promise<{ config: LoginConfig }>;
  /** The tenant's login configuration changed: every instance serves the new one at once. */
  announceLoginConfigChange(tenantId: string): Promise<void>;
  /** Name, domains or two-factor changed: every instance drops its copy of the tenant. */
  announceTenantChange(): Promise<void>;
  /** Members were marked for a password change: every instance drops its copies of accounts. */
  announceAccountsChange(): Promise<void>;
  /**
   * The sign-in look was saved: records, in its transaction, the stored files it shows (images,
   * banners, the url()s of its CSS), so they are never cleaned up and cannot be deleted while shown,
   * and refuses files that are not the tenant's (the files module).
   */
  lookUsesFiles?(tx: Tx, tenantId: string, look: TenantSettings['signInLook']): Promise<void>;
}

const platformLoginDefault = async (tx: Tx): Promise<unknown> => {
  const [row] = await tx
    .select({ value: platformSettings.value })
    .from(platformSettings)
    .where(eq(platformSettings.key, 'login_config'));
  return row?.value ?? {};
};

const settingsOf = (stored: StoredTenantSettings, platformDefault: unknown): TenantSettings => {
  const effective = mergeLoginConfig(platformDefault, stored.loginOverride);
  return {
    basics: stored.basics,
    signInLook: lookOf(effective),
    security: securityOf(effective, stored.twoFactorRequired, stored.privatePolicy),
  };
};

const diffSettings = (before: TenantSettings, after: Partial<TenantSettings>): FieldChanges => {
  const changes: FieldChanges = {};
  for (const group of Object.keys(after) as TenantSettingsGroup[]) {
    const groupChanges = diffChanges(before[group], after[group]);
    for (const [field, change] of Object.entries(groupChanges)) changes[`${group}.${field}`] = change;
  }
  return changes;
};

/** A snapshot an older release wrote, read field by field; what no longer validates keeps the current value. */
const readSnapshot = (snapshot: unknown, current: TenantSettings): TenantSettings => {
  const groups = (snapshot ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const result = structuredClone(current) as Record<TenantSettingsGroup, Record<string, unknown>>;
  for (const group of Object.keys(current) as TenantSettingsGroup[]) {
    const shape = tenantSettingsSchema.shape[group].shape as Record<string, z.ZodType>;
    for (const [field, schema] of Object.entries(shape)) {
      const parsed = schema.safeParse(groups[group]?.[field]);
      if (parsed.success) result[group][field] = parsed.data;
    }
  }
  return result as unknown as TenantSettings;
};

/**
 * A tenant's own settings (issue 13): read with their version, saved whole per group with optimistic
 * locking, each save a numbered version of the tenant (snapshot and field diff) and an operation-log
 * row in one transaction; a rollback applies an earlier snapshot as a new version. The tenant is the
 * operator's active tenant, never one a request names.
 */
export const createTenantSettingsService = (deps: TenantSettingsDeps) => {
  const policies = new TtlCache<TenantPrivatePolicy>(60_000);
  const privatePolicy = (tenantId: string) =>
    policies.getOrLoad(tenantId, async () =>
      privatePolicyOf((await deps.db.asPlatform((tx) => repo.current(tx, tenantId)))?.privatePolicy ?? {}),
    );

  const loadCurrent = async (tx: Tx, tenantId: string) => {
    const stored = await repo.current(tx, tenantId);
    if (!stored) throw new AppError('TENANT_NOT_FOUND');
    return { stored, settings: settingsOf(stored, await platformLoginDefault(tx)) };
  };

  const answerOf = async (
    tenantId: string,
    stored: Pick<StoredTenantSettings, 'code' | 'version' | 'updatedAt' | 'updatedBy'>,
    settings: TenantSettings,
    extra: Partial<TenantSettingsAnswer> = {},
  ): Promise<TenantSettingsAnswer> => ({
    tenantId,
    tenantCode: stored.code,
    version: stored.version,
    updatedAt: stored.updatedAt?.toISOString() ?? null,
    updatedBy: stored.updatedBy,
    settings,
    floors: await deps.floors(),
    loginPageUrl: `/login.html?tenant=${encodeURIComponent(stored.code)}`,
    ...extra,
  });

  const apply = async (
    tenantId: string,
    expectedVersion: number,
    actor: TenantSettingsActor,
    nextOf: (current: TenantSettings, tx: Tx) => Promise<Partial<TenantSettings>>,
    options: { action: 'update' | 'rollback'; restoredVersion?: number; markMembers?: boolean },
  ): Promise<TenantSettingsAnswer> => {
    const touched = { login: false, tenant: false, policy: false };
    let membersMarked = 0;
    const result = await deps.db.asPlatform(async (tx) => {
      await repo.lockForSave(tx, tenantId);
      const { stored, settings } = await loadCurrent(tx, tenantId);
      if (stored.version !== expectedVersion)
        throw new AppError('VERSION_CONFLICT', undefined, { currentVersion: stored.version });
      const next = await nextOf(settings, tx);
      const changes = diffSettings(settings, next);
      if (Object.keys(changes).length === 0) return { stored, settings, changed: false };

      const after: TenantSettings = { ...settings, ...next };
      const changed = (group: TenantSettingsGroup) =>
        next[group] !== undefined && Object.keys(diffChanges(settings[group], next[group])).length > 0;
      if (changed('basics')) {
        await repo.writeBasics(tx, tenantId, after.basics);
        touched.tenant = true;
      }
      if (changed('signInLook') || changed('security')) {
        const override = overrideWith(
          stored.loginOverride,
          changed('signInLook') ? after.signInLook : undefined,
          changed('security') ? after.security : undefined,
        );
        await repo.writeLoginOverride(tx, tenantId, override);
        touched.login = true;
        if (changed('signInLook')) await deps.lookUsesFiles?.(tx, tenantId, after.signInLook);
      }
      if (changed('security')) {
        if (after.security.twoFactorRequired !== settings.security.twoFactorRequired) {
          await repo.writeTwoFactor(tx, tenantId, after.security.twoFactorRequired);
          touched.tenant = true;
        }
        await repo.writePrivatePolicy(tx, tenantId, privatePartOf(after.security));
        touched.policy = true;
        const ruleChanged = ['security.pwdRuleType', 'security.pwdRule', 'security.pwdMinLength'].some(
          (field) => field in changes,
        );
        if (options.markMembers && ruleChanged)
          membersMarked = await repo.markMembersForPasswordChange(tx, tenantId);
      }
      const version = stored.version + 1;
      const createdAt = await repo.insertHistory(tx, tenantId, {
        version,
        action: options.action,
        restoredVersion: options.restoredVersion ?? null,
        snapshot: after,
        changes,
        operatorId: actor.accountId,
        operatorName: actor.name,
      });
      await recordOperation(tx, {
        tenantId,
        operatorId: actor.accountId,
        operatorName: actor.name,
        resource: RESOURCE,
        recordId: tenantId,
        recordLabel: `租户设置 v${version}`,
        action: options.action,
        changes:
          membersMarked > 0 ? { ...changes, membersMarked: { before: null, after: membersMarked } } : changes,
        ip: actor.ip,
        userAgent: actor.userAgent,
        requestId: actor.requestId,
      });
      return {
        stored: { ...stored, version, updatedAt: createdAt, updatedBy: actor.name },
        settings: after,
        changed: true,
      };
    });
    if (result.changed) {
      // After the commit, never before: other instances must read the stored change.
      if (touched.policy) {
        policies.delete(tenantId);
        await deps.pubsub.publish(TENANT_POLICY_CHANGED_CHANNEL, tenantId);
      }
      if (touched.login) await deps.announceLoginConfigChange(tenantId);
      if (touched.tenant) await deps.announceTenantChange();
      if (membersMarked > 0) await deps.announceAccountsChange();
    }
    return answerOf(tenantId, result.stored, result.settings, { membersMarked });
  };

  return {
    read: async (tenantId: string): Promise<TenantSettingsAnswer> => {
      const { stored, settings } = await deps.db.asPlatform((tx) => loadCurrent(tx, tenantId));
      return answerOf(tenantId, stored, settings);
    },

    save: async (tenantId: string, input: TenantSettingsSave, actor: TenantSettingsActor) => {
      const { version, forcePasswordChangeForMembers, ...groups } = input;
      if (Object.values(groups).every((group) => group === undefined))
        throw new AppError('VALIDATION_FAILED', '请至少提交一组设置');
      const { groups: next } = checkGroups(tenantId, groups, await deps.floors());
      return apply(tenantId, version, actor, async () => next, {
        action: 'update',
        markMembers: forcePasswordChangeForMembers === true,
      });
    },

    rollback: async (
      tenantId: string,
      input: { toVersion: number; version: number },
      actor: TenantSettingsActor,
    ) => {
      const floors = await deps.floors();
      return apply(
        tenantId,
        input.version,
        actor,
        async (current, tx) => {
          const snapshot = await repo.snapshotAt(tx, tenantId, input.toVersion);
          if (snapshot === undefined)
            throw new AppError('NOT_FOUND', `租户设置不存在版本 ${input.toVersion}`);
          // An earlier version below today's floors is not restored: the answer names the floor.
          return checkGroups(tenantId, readSnapshot(snapshot, current), floors).groups;
        },
        { action: 'rollback', restoredVersion: input.toVersion },
      );
    },

    /**
     * The legacy POST /dmp/tenant/sysConfig/save: a whole login configuration override (fields left
     * out take the platform default), held to the same checks, floors and history as the page.
     */
    replaceLoginOverride: async (
      tenantId: string,
      override: Record<string, unknown>,
      actor: TenantSettingsActor,
    ) => {
      const floors = await deps.floors();
      const { stored } = await deps.db.asPlatform((tx) => loadCurrent(tx, tenantId));
      return apply(
        tenantId,
        stored.version,
        actor,
        async (current, tx) => {
          const effective = mergeLoginConfig(await platformLoginDefault(tx), override);
          const groups = {
            signInLook: lookOf(effective),
            security: securityOf(
              effective,
              current.security.twoFactorRequired,
              privatePartOf(current.security),
            ),
          };
          return checkGroups(tenantId, groups, floors).groups;
        },
        { action: 'update' },
      );
    },

    history: (tenantId: string, page: number, pageSize: number) =>
      deps.db.asPlatform((tx) => repo.historyPage(tx, tenantId, page, pageSize)),

    /** The draft look, checked like a save, kept for the preview; nothing is published. */
    preview: async (tenantId: string, draft: unknown): Promise<TenantLookPreviewAnswer> => {
      const { groups, removedCss } = checkGroups(tenantId, { signInLook: draft }, await deps.floors());
      const { config } = await deps.effectiveLoginConfig(tenantId);
      const previewConfig = loginConfigSchema.parse({ ...config, ...groups.signInLook });
      const code = (await deps.db.asPlatform((tx) => repo.current(tx, tenantId)))?.code ?? tenantId;
      const previewId = newOpaqueToken();
      await deps.store.set(previewKey(previewId), JSON.stringify({ tenantId, config: previewConfig }), {
        ttlMs: PREVIEW_TTL_MS,
      });
      return {
        previewId,
        previewUrl: `/login.html?tenant=${encodeURIComponent(code)}&preview=${previewId}`,
        customCss: previewConfig.customCss,
        removedCss,
        expiresInSeconds: PREVIEW_TTL_MS / 1000,
      };
    },

    /** A draft's configuration, for the tenant it was made for; null when unknown or expired. */
    previewConfig: async (previewId: string, tenantId: string | null): Promise<LoginConfig | null> => {
      if (!/^[A-Za-z0-9_-]{20,100}$/.test(previewId)) return null;
      const raw = await deps.store.get(previewKey(previewId));
      if (!raw) return null;
      const draft = JSON.parse(raw) as { tenantId: string; config: unknown };
      if (tenantId !== null && draft.tenantId !== tenantId) return null;
      const parsed = loginConfigSchema.safeParse(draft.config);
      return parsed.success ? parsed.data : null;
    },

    /** GET /ump/cfg-encrypt's answer for a draft. */
    encodedPreviewEnvelope: (config: LoginConfig) => JSON.stringify(ok(encodeLoginConfig(config))),

    privatePolicy,

    /**
     * What the tenant's policy says about a sign-in about to enter it: refused from an address outside
     * its allow-list, refused (and the membership disabled) when dormant; an expired password must be
     * changed.
     */
    signInGate: async (
      account: { id: string; passwordChangedAt: Date | null },
      tenantId: string,
      ip: string | null,
    ): Promise<{ passwordExpired: boolean }> => {
      const policy = await privatePolicy(tenantId);
      if (!ipAllowed(ip, policy.ipAllowList))
        throw new AppError(
          'SIGN_IN_IP_NOT_ALLOWED',
          `当前网络地址（${ip ?? '未知'}）不在本租户允许登录的范围内，请联系管理员`,
        );
      if (policy.dormantDisableDays > 0) {
        const now = new Date();
        // The membership is disabled and stays so (committed), then the sign-in is refused.
        const disabled = await deps.db.asPlatform(async (tx) => {
          const activity = await repo.memberActivity(tx, tenantId, account.id);
          // An administrator is never disabled by it: the tenant must keep its own administration.
          if (
            activity?.status !== 'active' ||
            activity.holdsAdminRole ||
            !memberDormant(activity, policy, now)
          )
            return false;
          await repo.disableMember(tx, tenantId, account.id);
          return true;
        });
        if (disabled) {
          // Sign-in reads memberships from the account directory's copies: they must see it at once.
          await deps.announceAccountsChange();
          throw new AppError(
            'ACCOUNT_DORMANT',
            `账号已超过 ${policy.dormantDisableDays} 天未登录，已被自动停用，请联系管理员`,
          );
        }
      }
      return { passwordExpired: passwordExpired(account.passwordChangedAt, policy, new Date()) };
    },

    /** Token lifetimes of a sign-in into the tenant: its own, where set (the platform's floor applies after). */
    sessionPolicyFor: async (policy: SessionPolicy, tenantId: string | null): Promise<SessionPolicy> => {
      if (tenantId === null) return policy;
      const own = await privatePolicy(tenantId);
      return {
        accessTokenTtlSeconds:
          own.accessTokenMinutes === null ? policy.accessTokenTtlSeconds : own.accessTokenMinutes * 60,
        refreshTokenTtlSeconds:
          own.refreshTokenHours === null ? policy.refreshTokenTtlSeconds : own.refreshTokenHours * 3600,
        rememberMeTtlSeconds: policy.rememberMeTtlSeconds,
      };
    },

    listenForChanges: () =>
      deps.pubsub.subscribe(TENANT_POLICY_CHANGED_CHANNEL, (tenantId) => policies.delete(tenantId)),
  };
};

export type TenantSettingsService = ReturnType<typeof createTenantSettingsService>;
