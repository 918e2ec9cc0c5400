import {
  type PlatformSettings,
  type PlatformSettingsGroup,
  type PlatformSettingsHistoryEntry,
  readSettingsGroup,
} from '@uniwim/contracts';
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import { platformSettings } from '../../db/schema';
import type { Tx } from '../../platform/db/database';
import { platformSettingsHistory } from './schema';

/**
 * Where each group lives in platform_settings. The sign-in look is part of the platform default login
 * configuration (key login_config), which /ump/cfg-encrypt already serves and every tenant inherits.
 */
export const SETTINGS_KEYS: Record<PlatformSettingsGroup, string> = {
  signInLook: 'login_config',
  securityFloors: 'security_floors',
  logRetention: 'log_retention',
  regional: 'regional',
};

export interface CurrentSettings {
  version: number;
  updatedAt: Date | null;
  updatedBy: string | null;
  settings: PlatformSettings;
  /** The whole stored login configuration: a save of the look keeps its other fields. */
  storedLoginConfig: Record<string, unknown>;
}

export interface HistoryRow {
  version: number;
  action: 'update' | 'rollback';
  restoredVersion: number | null;
  snapshot: PlatformSettings;
  changes: PlatformSettingsHistoryEntry['changes'];
  operatorId: string | null;
  operatorName: string | null;
}

const asObject = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

export const platformSettingsRepo = {
  /** The platform's zone (issue 25), read in a transaction of its own reader (a message naming a day). */
  timeZoneIn: async (tx: Tx): Promise<string> => {
    const [row] = await tx
      .select({ value: platformSettings.value })
      .from(platformSettings)
      .where(eq(platformSettings.key, SETTINGS_KEYS.regional));
    return readSettingsGroup('regional', row?.value).timeZone;
  },

  current: async (tx: Tx): Promise<CurrentSettings> => {
    const rows = await tx
      .select({ key: platformSettings.key, value: platformSettings.value })
      .from(platformSettings)
      .where(inArray(platformSettings.key, Object.values(SETTINGS_KEYS)));
    const stored = new Map(rows.map((row) => [row.key, row.value]));
    const [latest] = await tx
      .select({
        version: platformSettingsHistory.version,
        createdAt: platformSettingsHistory.createdAt,
        operatorName: platformSettingsHistory.operatorName,
      })
      .from(platformSettingsHistory)
      .orderBy(desc(platformSettingsHistory.version))
      .limit(1);
    return {
      version: latest?.version ?? 0,
      updatedAt: latest?.createdAt ?? null,
      updatedBy: latest?.operatorName ?? null,
      settings: {
        signInLook: readSettingsGroup('signInLook', stored.get(SETTINGS_KEYS.signInLook)),
        securityFloors: readSettingsGroup('securityFloors', stored.get(SETTINGS_KEYS.securityFloors)),
        logRetention: readSettingsGroup('logRetention', stored.get(SETTINGS_KEYS.logRetention)),
        regional: readSettingsGroup('regional', stored.get(SETTINGS_KEYS.regional)),
      },
      storedLoginConfig: asObject(stored.get(SETTINGS_KEYS.signInLook)),
    };
  },

  /**
   * Serialises saves: the transaction holding this lock is the only one between reading the version
   * and storing the next (several instances share the database).
   */
  lockForSave: async (tx: Tx): Promise<void> => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('platform_settings_save'))`);
  },

  writeGroup: async (tx: Tx, key: string, value: unknown): Promise<void> => {
    await tx
      .insert(platformSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: platformSettings.key, set: { value, updatedAt: sql`now()` } });
  },

  insertHistory: async (tx: Tx, row: HistoryRow): Promise<Date> => {
    const [inserted] = await tx
      .insert(platformSettingsHistory)
      .values(row)
      .returning({ createdAt: platformSettingsHistory.createdAt });
    return inserted!.createdAt;
  },

  snapshotAt: async (tx: Tx, version: number): Promise<unknown | undefined> => {
    const [row] = await tx
      .select({ snapshot: platformSettingsHistory.snapshot })
      .from(platformSettingsHistory)
      .where(eq(platformSettingsHistory.version, version));
    return row?.snapshot;
  },

  historyPage: async (tx: Tx, page: number, pageSize: number) => {
    const rows = await tx
      .select()
      .from(platformSettingsHistory)
      .orderBy(desc(platformSettingsHistory.version))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const [total] = await tx.select({ n: count() }).from(platformSettingsHistory);
    const items: PlatformSettingsHistoryEntry[] = rows.map((row) => ({
      version: row.version,
      action: row.action as PlatformSettingsHistoryEntry['action'],
      restoredVersion: row.restoredVersion,
      operatorName: row.operatorName,
      createdAt: row.createdAt.toISOString(),
      changes: row.changes as PlatformSettingsHistoryEntry['changes'],
    }));
    return { items, total: Number(total?.n ?? 0), page, pageSize };
  },
};
