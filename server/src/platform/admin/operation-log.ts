import { newId } from '../crypto/tokens';
import type { Tx } from '../db/database';
import { operationLogs } from './schema';

export type FieldChanges = Record<string, { before: unknown; after: unknown }>;

export const MASKED = '******';

const comparable = (value: unknown): string =>
  JSON.stringify(value instanceof Date ? value.toISOString() : (value ?? null));

/**
 * The fields that differ between two versions of a record (either may be absent: a create or a
 * delete), secrets masked. `version` and `updatedAt` change on every write and tell nothing.
 */
export const diffChanges = (
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
  secretFields: ReadonlySet<string> = new Set(),
): FieldChanges => {
  const changes: FieldChanges = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (key === 'version' || key === 'updatedAt') continue;
    const was = before?.[key];
    const is = after?.[key];
    if (comparable(was) === comparable(is)) continue;
    changes[key] = secretFields.has(key)
      ? { before: was === undefined ? null : MASKED, after: is === undefined ? null : MASKED }
      : { before: was ?? null, after: is ?? null };
  }
  return changes;
};

export interface OperationEntry {
  tenantId: string | null;
  operatorId: string | null;
  operatorName: string | null;
  resource: string;
  recordId: string | null;
  recordLabel: string | null;
  action: string;
  changes: FieldChanges;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
}

/** Written in the transaction of the change it records: both are stored, or neither. */
export const recordOperation = async (tx: Tx, entry: OperationEntry): Promise<void> => {
  await tx.insert(operationLogs).values({
    id: newId('op-'),
    ...entry,
    userAgent: entry.userAgent?.slice(0, 500) ?? null,
    changes: JSON.parse(JSON.stringify(entry.changes)),
  });
};

/** 12 columns a row: 1,000 rows stay far below PostgreSQL's 65,535 parameters. */
const OPERATION_INSERT_BATCH = 1_000;

/** Several entries in one INSERT (an import's rows), in the transaction of the changes they record. */
export const recordOperations = async (tx: Tx, entries: OperationEntry[]): Promise<void> => {
  for (let start = 0; start < entries.length; start += OPERATION_INSERT_BATCH) {
    await tx.insert(operationLogs).values(
      entries.slice(start, start + OPERATION_INSERT_BATCH).map((entry) => ({
        id: newId('op-'),
        ...entry,
        userAgent: entry.userAgent?.slice(0, 500) ?? null,
        changes: JSON.parse(JSON.stringify(entry.changes)),
      })),
    );
  }
};
