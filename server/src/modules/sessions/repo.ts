import { and, eq, isNull, sql } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import type { Database } from '../../platform/db/database';
import { createGroupInsert } from '../../platform/db/group-insert';

export type SessionPurpose = 'full' | 'change_password';

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
  purpose: SessionPurpose;
}

export interface ActiveSession {
  id: string;
  familyId: string;
  accountId: string;
  tenantId: string | null;
  accessExpiresAt: Date;
  purpose: SessionPurpose;
}

const activeColumns = {
  id: sessions.id,
  familyId: sessions.familyId,
  accountId: sessions.accountId,
  tenantId: sessions.tenantId,
  accessExpiresAt: sessions.accessExpiresAt,
  purpose: sessions.purpose,
};

export type RefreshOutcome =
  | { kind: 'rotated'; session: ActiveSession; refreshExpiresAt: Date; channel: string }
  | { kind: 'reused'; familyId: string }
  | { kind: 'invalid' };

export const createSessionsRepo = (db: Database) => {
  // Sign-ins come in bursts: the session rows queued meanwhile go in one multi-row insert (group insert).
  const insertGrouped = createGroupInsert<NewSession>((rows) => db.insertAsPlatform(sessions, rows));
  return {
    /** Resolves once the row has committed: the token works at once on every instance. */
    insert: insertGrouped,

    /** The live session an access token belongs to: not revoked, not rotated, not expired. */
    findActiveByAccessHash: (accessTokenHash: string): Promise<ActiveSession | undefined> =>
      db.asPlatform(async (tx) => {
        const [row] = await tx
          .select(activeColumns)
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

    /**
     * Marks the session of a refresh token as rotated, atomically: of two concurrent refreshes with
     * the same token only one wins. A token whose session was already rotated is a re-use.
     */
    rotateByRefreshHash: (refreshTokenHash: string): Promise<RefreshOutcome> =>
      db.asPlatform(async (tx) => {
        const [rotated] = await tx
          .update(sessions)
          .set({ rotatedAt: sql`now()` })
          .where(
            and(
              eq(sessions.refreshTokenHash, refreshTokenHash),
              isNull(sessions.rotatedAt),
              isNull(sessions.revokedAt),
              sql`${sessions.refreshExpiresAt} > now()`,
            ),
          )
          .returning({
            ...activeColumns,
            refreshExpiresAt: sessions.refreshExpiresAt,
            channel: sessions.channel,
          });
        if (rotated) {
          const { refreshExpiresAt, channel, ...session } = rotated;
          return { kind: 'rotated', session, refreshExpiresAt, channel };
        }
        const [known] = await tx
          .select({ familyId: sessions.familyId, rotatedAt: sessions.rotatedAt })
          .from(sessions)
          .where(eq(sessions.refreshTokenHash, refreshTokenHash));
        return known?.rotatedAt ? { kind: 'reused', familyId: known.familyId } : { kind: 'invalid' };
      }),

    revokeFamily: (familyId: string): Promise<void> =>
      db.asPlatform(async (tx) => {
        await tx
          .update(sessions)
          .set({ revokedAt: sql`now()` })
          .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
      }),

    revokeTenant: (tenantId: string): Promise<void> =>
      db.asPlatform(async (tx) => {
        await tx
          .update(sessions)
          .set({ revokedAt: sql`now()` })
          .where(and(eq(sessions.tenantId, tenantId), isNull(sessions.revokedAt)));
      }),

    revokeAccount: (accountId: string): Promise<void> =>
      db.asPlatform(async (tx) => {
        await tx
          .update(sessions)
          .set({ revokedAt: sql`now()` })
          .where(and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt)));
      }),

    /** A member disabled or removed: every session of the account in that tenant (not its others). */
    revokeMember: (tenantId: string, accountId: string): Promise<void> =>
      db.asPlatform(async (tx) => {
        await tx
          .update(sessions)
          .set({ revokedAt: sql`now()` })
          .where(
            and(
              eq(sessions.tenantId, tenantId),
              eq(sessions.accountId, accountId),
              isNull(sessions.revokedAt),
            ),
          );
      }),

    /** When a session's sign-in ends (its refresh end) and its channel: a tenant switch keeps both. */
    findLifetime: (sessionId: string): Promise<{ refreshExpiresAt: Date; channel: string } | undefined> =>
      db.asPlatform(async (tx) => {
        const [row] = await tx
          .select({ refreshExpiresAt: sessions.refreshExpiresAt, channel: sessions.channel })
          .from(sessions)
          .where(eq(sessions.id, sessionId));
        return row;
      }),

    /**
     * Tenant switching: revokes a sign-in's tokens and inserts its successor in one transaction. False
     * (nothing inserted) when the old family was already revoked, so of two concurrent switches with the
     * same token only one gets a new session.
     */
    insertReplacingFamily: (session: NewSession, replacedFamilyId: string): Promise<boolean> =>
      db.asPlatform(async (tx) => {
        const revoked = await tx
          .update(sessions)
          .set({ revokedAt: sql`now()` })
          .where(and(eq(sessions.familyId, replacedFamilyId), isNull(sessions.revokedAt)))
          .returning({ id: sessions.id });
        if (revoked.length === 0) return false;
        await tx.insert(sessions).values(session);
        return true;
      }),
  };
};

export type SessionsRepo = ReturnType<typeof createSessionsRepo>;
