import { count, desc } from 'drizzle-orm';
import { logDeadLetters } from '../../db/schema';
import { newId } from '../../platform/crypto/tokens';
import type { RefusedRow } from '../../platform/db/batch-writer';
import type { Database } from '../../platform/db/database';
import { describeDatabaseError } from '../../platform/db/database-errors';

/** NUL, and UTF-16 surrogates without their other half: neither can be stored in text or jsonb. */
const UNSTORABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The text with each unstorable character written out as its escape (`\u0000`), visible and storable. */
export const storableText = (text: string): string =>
  text.replace(UNSTORABLE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The row as JSON data (dates as ISO strings) whose strings can all be stored. */
export const storableCopy = (row: unknown): unknown =>
  JSON.parse(JSON.stringify(row, (_key, value) => (typeof value === 'string' ? storableText(value) : value)));

export interface LogDeadLetter {
  id: string;
  writer: string;
  sqlState: string | null;
  reason: string;
  row: unknown;
  createdAt: Date;
}

/**
 * log_dead_letters: rows a batch writer could not store, kept with the database's reason. Platform
 * data (the table admits the platform scope only), so every query runs on the platform path.
 */
export const createLogDeadLettersRepo = (db: Database) => ({
  /** Sets the refused rows of one writer aside, in one statement. */
  record: (writer: string, refused: RefusedRow<unknown>[]): Promise<void> =>
    db.insertAsPlatform(
      logDeadLetters,
      refused.map(({ row, error }) => {
        const { sqlState, message } = describeDatabaseError(error);
        return {
          id: newId('dl-'),
          writer,
          sqlState,
          reason: storableText(message),
          rowData: storableCopy(row),
          createdAt: new Date(),
        };
      }),
    ),

  /** Newest first, one page. */
  list: (page: number, pageSize: number): Promise<{ total: number; items: LogDeadLetter[] }> =>
    db.asPlatform(async (tx) => {
      const [counted] = await tx.select({ total: count() }).from(logDeadLetters);
      const rows = await tx
        .select()
        .from(logDeadLetters)
        .orderBy(desc(logDeadLetters.createdAt), desc(logDeadLetters.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return {
        total: counted?.total ?? 0,
        items: rows.map(({ rowData, ...rest }) => ({ ...rest, row: rowData })),
      };
    }),
});

export type LogDeadLettersRepo = ReturnType<typeof createLogDeadLettersRepo>;
