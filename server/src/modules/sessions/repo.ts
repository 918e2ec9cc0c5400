import { and, eq, isNull, sql } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import type { Database } from '../../platform/db/database';

export interface NewSession {
  id: string;
  familyId: string;
  accountId: string;
  tenantId: string | null;
  accessTokenHash: string;
  refreshTokenHash: string;
  accessExpiresAt: Date;
  refreshExpiresAt: Date;
  channel: string;
  ip: string | null;
  userAgent: string | null;
}

export interface ActiveSession {
  id: string;
  familyId: string;
  accountId: string;
  tenantId: string | null;
  accessExpiresAt: Date;
}

export const createSessionsRepo = (db: Database) => ({
  insert: (session: NewSession): Promise<void> =>
    db.asPlatform(async (tx) => {
      await tx.insert(sessions).values(session);
    }),

  /** The live session an access token belongs to: not revoked, not rotated, not expired. */
  findActiveByAccessHash: (accessTokenHash: string): Promise<ActiveSession | undefined> =>
    db.asPlatform(async (tx) => {
      const [row] = await tx
        .select({
          id: sessions.id,
          familyId: sessions.familyId,
          accountId: sessions.accountId,
          tenantId: sessions.tenantId,
          accessExpiresAt: sessions.accessExpiresAt,
        })
        .from(sessions)
        .where(
          and(
            eq(sessions.accessTokenHash, accessTokenHash),
            isNull(sessions.revokedAt),
            isNull(sessions.rotatedAt),
            sql`${sessions.accessExpiresAt} > now()`,
          ),
        );
      return row;
    }),

  revoke: (sessionId: string): Promise<void> =>
    db.asPlatform(async (tx) => {
      await tx
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    }),
});

export type SessionsRepo = ReturnType<typeof createSessionsRepo>;
