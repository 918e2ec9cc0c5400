import { TtlCache } from '../../platform/cache/ttl-cache';
import { hashToken, newId, newOpaqueToken } from '../../platform/crypto/tokens';
import type { PubSub } from '../../platform/pubsub/pubsub';
import type { ActiveSession, SessionsRepo } from './repo';

export interface SessionPolicy {
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
}

export interface IssueSessionInput {
  accountId: string;
  tenantId: string | null;
  channel?: string;
  ip?: string | null;
  userAgent?: string | null;
  familyId?: string;
}

export interface IssuedTokens {
  sessionId: string;
  token: string;
  refreshToken: string;
  /** Seconds the access token is valid for (spec: the client adds it to the current time). */
  expire: number;
  tenantId: string | null;
}

export const SESSION_REVOKED_CHANNEL = 'session-revoked';

/**
 * Opaque, revocable sessions. Only token hashes are stored. Authenticated requests are frequent, so
 * a resolved session is kept in memory for a few seconds; a revocation on any instance is broadcast
 * and drops it everywhere at once.
 */
export const createSessionService = (repo: SessionsRepo, pubsub: PubSub, policy: SessionPolicy) => {
  const byTokenHash = new TtlCache<ActiveSession | null>(5_000);

  return {
    issue: async (input: IssueSessionInput): Promise<IssuedTokens> => {
      const token = newOpaqueToken();
      const refreshToken = newOpaqueToken();
      const now = Date.now();
      const id = newId('ses-');
      await repo.insert({
        id,
        familyId: input.familyId ?? id,
        accountId: input.accountId,
        tenantId: input.tenantId,
        accessTokenHash: hashToken(token),
        refreshTokenHash: hashToken(refreshToken),
        accessExpiresAt: new Date(now + policy.accessTokenTtlSeconds * 1000),
        refreshExpiresAt: new Date(now + policy.refreshTokenTtlSeconds * 1000),
        channel: input.channel ?? 'web',
        ip: input.ip ?? null,
        userAgent: input.userAgent?.slice(0, 500) ?? null,
      });
      return {
        sessionId: id,
        token,
        refreshToken,
        expire: policy.accessTokenTtlSeconds,
        tenantId: input.tenantId,
      };
    },

    authenticate: async (token: string): Promise<ActiveSession | null> => {
      const tokenHash = hashToken(token);
      const session = await byTokenHash.getOrLoad(
        tokenHash,
        async () => (await repo.findActiveByAccessHash(tokenHash)) ?? null,
      );
      if (session && session.accessExpiresAt.getTime() <= Date.now()) return null;
      return session;
    },

    revoke: async (session: ActiveSession): Promise<void> => {
      await repo.revoke(session.id);
      await pubsub.publish(SESSION_REVOKED_CHANNEL, session.id);
    },

    listenForRevocations: () =>
      pubsub.subscribe(SESSION_REVOKED_CHANNEL, () => {
        // Revocations are rare; dropping every cached session is simpler than indexing by id.
        byTokenHash.clear();
      }),
  };
};

export type SessionService = ReturnType<typeof createSessionService>;
