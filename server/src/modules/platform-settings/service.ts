import {
  type LoginConfig,
  type PasswordPolicy,
  type PlatformSettings,
  type PlatformSettingsAnswer,
  type PlatformSettingsGroup,
  type PlatformSettingsSave,
  policyFromConfig,
  readSettingsGroup,
  type SecurityFloors,
  type SmsStatus,
} from '@uniwim/contracts';
import type { AdminActor } from '../../platform/admin/admin-guard';
import { diffChanges, type FieldChanges, recordOperation } from '../../platform/admin/operation-log';
import { TtlCache } from '../../platform/cache/ttl-cache';
import type { Database, Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { PubSub } from '../../platform/pubsub/pubsub';
import type { LockoutSettings } from '../auth/lockout';
import type { SessionPolicy } from '../sessions/service';
import { holdLockoutToFloor, holdPasswordPolicyToFloor, holdSessionToFloor } from './floors';
import { type CurrentSettings, platformSettingsRepo as repo, SETTINGS_KEYS } from './repo';
import { validateGroups } from './validation';

export const PLATFORM_SETTINGS_CHANGED_CHANNEL = 'platform-settings-changed';
const RESOURCE = 'platform-settings';
const RECORD_ID = 'platform';

/** Who saves, for the history and the operation log. */
export type SettingsActor = AdminActor;

export interface PlatformSettingsDeps {
  db: Database;
  pubsub: PubSub;
  smsStatus(): SmsStatus;
  /** The platform default login configuration changed: every instance must serve it at once. */
  announceLookChange(): Promise<void>;
}

/** `group.field` → before/after, over the groups that both sides hold. */
const diffSettings = (before: PlatformSettings, after: Partial<PlatformSettings>): FieldChanges => {
  const changes: FieldChanges = {};
  for (const group of Object.keys(after) as PlatformSettingsGroup[]) {
    const groupChanges = diffChanges(before[group], after[group]);
    for (const [field, change] of Object.entries(groupChanges)) changes[`${group}.${field}`] = change;
  }
  return changes;
};

/**
 * The platform's settings: read with their version, saved whole per group with optimistic locking,
 * every save a numbered version in the history (full snapshot and field diff) and an operation-log
 * row, in one transaction; rollback applies an earlier snapshot as a new version. The floors are
 * read at every sign-in, so they are kept in memory and dropped on every instance when they change.
 */
export const createPlatformSettingsService = (deps: PlatformSettingsDeps) => {
  const cache = new TtlCache<PlatformSettings>(60_000);
  const CACHE_KEY = 'settings';
  const settings = () =>
    cache.getOrLoad(CACHE_KEY, async () => (await deps.db.asPlatform(repo.current)).settings);
  const floors = async (): Promise<SecurityFloors> => (await settings()).securityFloors;

  const answerOf = (current: Pick<CurrentSettings, 'version' | 'updatedAt' | 'updatedBy' | 'settings'>) =>
    ({
      version: current.version,
      updatedAt: current.updatedAt?.toISOString() ?? null,
      updatedBy: current.updatedBy,
      settings: current.settings,
      smsStatus: deps.smsStatus(),
    }) satisfies PlatformSettingsAnswer;

  /** Stores `next` (whole groups) as the version after `expectedVersion`; a no-change save stores nothing. */
  const apply = async (
    expectedVersion: number,
    actor: SettingsActor,
    nextOf: (tx: Tx, current: CurrentSettings) => Promise<Partial<PlatformSettings>>,
    action: 'update' | 'rollback',
    restoredVersion: number | null = null,
  ): Promise<PlatformSettingsAnswer> => {
    let lookChanged = false;
    const answer = await deps.db.asPlatform(async (tx) => {
      await repo.lockForSave(tx);
      const current = await repo.current(tx);
      if (current.version !== expectedVersion)
        throw new AppError('VERSION_CONFLICT', undefined, { currentVersion: current.version });
      const next = await nextOf(tx, current);
      const changes = diffSettings(current.settings, next);
      if (Object.keys(changes).length === 0) return answerOf(current);

      const settingsAfter: PlatformSettings = { ...current.settings, ...next };
      for (const group of Object.keys(next) as PlatformSettingsGroup[]) {
        if (Object.keys(diffChanges(current.settings[group], next[group])).length === 0) continue;
        // The look is part of the platform default login configuration: its other fields stay.
        const value =
          group === 'signInLook' ? { ...current.storedLoginConfig, ...next.signInLook } : next[group];
        await repo.writeGroup(tx, SETTINGS_KEYS[group], value);
        if (group === 'signInLook') lookChanged = true;
      }
      const version = current.version + 1;
      const createdAt = await repo.insertHistory(tx, {
        version,
        action,
        restoredVersion,
        snapshot: settingsAfter,
        changes,
        operatorId: actor.accountId,
        operatorName: actor.name,
      });
      await recordOperation(tx, {
        tenantId: null,
        operatorId: actor.accountId,
        operatorName: actor.name,
        resource: RESOURCE,
        recordId: RECORD_ID,
        recordLabel: `系统配置 v${version}`,
        action,
        changes,
        ip: actor.ip,
        userAgent: actor.userAgent,
        requestId: actor.requestId,
      });
      return answerOf({ version, updatedAt: createdAt, updatedBy: actor.name, settings: settingsAfter });
    });
    if (answer.version !== expectedVersion) {
      // After the commit, never before: other instances must read the stored change.
      cache.clear();
      await deps.pubsub.publish(PLATFORM_SETTINGS_CHANGED_CHANNEL, 'changed');
      if (lookChanged) await deps.announceLookChange();
    }
    return answer;
  };

  return {
    read: async (): Promise<PlatformSettingsAnswer> => answerOf(await deps.db.asPlatform(repo.current)),

    save: (input: PlatformSettingsSave, actor: SettingsActor) => {
      const { version, ...groups } = input;
      if (Object.values(groups).every((group) => group === undefined))
        throw new AppError('VALIDATION_FAILED', '请至少提交一组设置');
      const next = validateGroups(groups);
      return apply(version, actor, async () => next, 'update');
    },

    rollback: (input: { toVersion: number; version: number }, actor: SettingsActor) =>
      apply(
        input.version,
        actor,
        async (tx) => {
          const snapshot = await repo.snapshotAt(tx, input.toVersion);
          if (snapshot === undefined)
            throw new AppError('NOT_FOUND', `系统配置不存在版本 ${input.toVersion}`);
          // A snapshot an older release wrote is read field by field, like the stored settings.
          const groups = (snapshot ?? {}) as Record<PlatformSettingsGroup, unknown>;
          return {
            signInLook: readSettingsGroup('signInLook', groups.signInLook),
            securityFloors: readSettingsGroup('securityFloors', groups.securityFloors),
            logRetention: readSettingsGroup('logRetention', groups.logRetention),
            regional: readSettingsGroup('regional', groups.regional),
          };
        },
        'rollback',
        input.toVersion,
      ),

    history: (page: number, pageSize: number) =>
      deps.db.asPlatform((tx) => repo.historyPage(tx, page, pageSize)),

    floors,
    logRetention: async () => (await settings()).logRetention,
    /** The platform's own zone (issue 25): its pages outside a tenant, the all-tenant statistics. */
    timeZone: async () => (await settings()).regional.timeZone,

    /** The lock-out of a sign-in: its scopes' settings held within the floor. */
    lockoutWithinFloor: async (scopes: LockoutSettings[]) => holdLockoutToFloor(scopes, await floors()),

    /** The password policy of an effective login configuration, lifted to the floor. */
    passwordPolicyOf: async (config: LoginConfig): Promise<PasswordPolicy> =>
      holdPasswordPolicyToFloor(policyFromConfig(config), await floors()),

    sessionWithinFloor: async (policy: SessionPolicy) => holdSessionToFloor(policy, await floors()),

    /** A platform-scope sign-in of an operator needs the SMS code when the platform says so. */
    operatorsNeedTwoFactor: async () => (await floors()).twoFactorForOperators,

    /** Subscribes this instance to changes made anywhere; returns the unsubscribe function. */
    listenForChanges: () => deps.pubsub.subscribe(PLATFORM_SETTINGS_CHANGED_CHANNEL, () => cache.clear()),
  };
};

export type PlatformSettingsService = ReturnType<typeof createPlatformSettingsService>;
