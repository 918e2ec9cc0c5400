import { TtlCache } from '../../platform/cache/ttl-cache';
import { hashToken, newId, newOpaqueToken } from '../../platform/crypto/tokens';
import { AppError } from '../../platform/errors';
import type { PubSub } from '../../platform/pubsub/pubsub';
import { isTenantRefusal } from '../tenants/admission';
import type { ActiveSession, SessionPurpose, SessionsRepo } from './repo';

export interface SessionPolicy {
  accessTokenTtlSeconds: number;
  /** Refresh lifetime of an ordinary sign-in. */
  refreshTokenTtlSeconds: number;
  /** Refresh lifetime when the user ticked "remember me" (10 days). */
  rememberMeTtlSeconds: number;
}

export interface IssueSessionInput {
  accountId: string;
  tenantId: string | null;
  channel?: string;
  ip?: string | null;
  userAgent?: string | null;
  familyId?: string;
  purpose?: SessionPurpose;
  remember?: boolean;
  /** Keeps a rotated family's original end instead of extending it at every refresh. */
  refreshExpiresAt?: Date;
  /** Tenant switching: this family is revoked in the same transaction that stores the new session. */
  replacesFamilyId?: string;
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
/** A change-password session is only for the forced change dialog: it lives minutes, not hours. */
const CHANGE_PASSWORD_TTL_SECONDS = 600;

/** Whether a tenant admits anyone (tenants/admission.ts): throws its typed refusal when it does not. */
export interface SessionTenantGate {
  admit(tenantId: string): Promise<void>;
}

/**
 * Opaque, revocable sessions. Only token hashes are stored. Authenticated requests are frequent, so
 * a resolved session is kept in memory for a few seconds; a revocation on any instance is broadcast
 * and drops it everywhere at once. The session's tenant is asked on every use and every issue (its
 * answer has a cache of its own, dropped on every instance when a tenant changes): a tenant disabled,
 * deleted or expired admits nobody from the next request on, whatever this cache holds.
 */
export const createSessionService = (
  repo: SessionsRepo,
  pubsub: PubSub,
  policy: SessionPolicy,
  /** The configured lifetimes held within the platform's longest (platform settings, issue 12). */
  holdToFloor: (policy: SessionPolicy, tenantId: string | null) => Promise<SessionPolicy>,
  tenantGate: SessionTenantGate,
) => {
  const byTokenHash = new TtlCache<ActiveSession | null>(5_000);
  const announceRevocation = () => {
    byTokenHash.clear();
    return pubsub.publish(SESSION_REVOKED_CHANNEL, 'revoked');
  };

  const issue = async (input: IssueSessionInput): Promise<IssuedTokens> => {
    // Every sign-in, refresh, switch and exchange ends here: none opens a session in a closed tenant.
    if (input.tenantId) await tenantGate.admit(input.tenantId);
    const token = newOpaqueToken();
    const refreshToken = newOpaqueToken();
    const now = Date.now();
    const id = newId('ses-');
    const purpose = input.purpose ?? 'full';
    const lifetimes = await holdToFloor(policy, input.tenantId ?? null);
    const accessTtl = purpose === 'full' ? lifetimes.accessTokenTtlSeconds : CHANGE_PASSWORD_TTL_SECONDS;
    const refreshTtl = input.remember ? lifetimes.rememberMeTtlSeconds : lifetimes.refreshTokenTtlSeconds;
    const row = {
      id,
      familyId: input.familyId ?? id,
      accountId: input.accountId,
      tenantId: input.tenantId,
      accessTokenHash: hashToken(token),
      refreshTokenHash: hashToken(refreshToken),
      accessExpiresAt: new Date(now + accessTtl * 1000),
      refreshExpiresAt:
        purpose === 'full'
          ? (input.refreshExpiresAt ?? new Date(now + refreshTtl * 1000))
          : new Date(now + accessTtl * 1000),
      channel: input.channel ?? 'web',
      ip: input.ip ?? null,
      userAgent: input.userAgent?.slice(0, 500) ?? null,
      purpose,
    };
    if (input.replacesFamilyId) {
      if (!(await repo.insertReplacingFamily(row, input.replacesFamilyId)))
        throw new AppError('TOKEN_INVALID');
    } else {
      await repo.insert(row);
    }
    return { sessionId: id, token, refreshToken, expire: accessTtl, tenantId: input.tenantId };
  };

  /** The live session of an access token, whatever its tenant's state. */
  const find = async (token: string): Promise<ActiveSession | null> => {
    const tokenHash = hashToken(token);
    const session = await byTokenHash.getOrLoad(
      tokenHash,
      async () => (await repo.findActiveByAccessHash(tokenHash)) ?? null,
    );
    if (session && session.accessExpiresAt.getTime() <= Date.now()) return null;
    return session;
  };

  /** The session of a token that may be used now; throws its tenant's refusal (TENANT_DISABLED, …). */
  const authenticate = async (token: string): Promise<ActiveSession | null> => {
    const session = await find(token);
    if (session?.tenantId) await tenantGate.admit(session.tenantId);
    return session;
  };

  return {
    issue,

    authenticate,

    /** As `authenticate`, but a session whose tenant refuses is no session (routes open to visitors). */
    usable: async (token: string): Promise<ActiveSession | null> => {
      const session = await find(token);
      if (!session?.tenantId) return session;
      try {
        await tenantGate.admit(session.tenantId);
        return session;
      } catch (error) {
        if (isTenantRefusal(error)) return null;
        throw error;
      }
    },

    /** Signing out works in any tenant state: the tokens end even while the tenant refuses them. */
    find,

    /**
     * Exchanges a refresh token for a new token pair of the same family. A refresh token works once:
     * presenting a rotated one again means it was stolen or replayed, so the whole family is revoked.
     */
    refresh: async (refreshToken: string, context: { ip?: string | null; userAgent?: string | null }) => {
      const outcome = await repo.rotateByRefreshHash(hashToken(refreshToken));
      if (outcome.kind === 'reused') {
        await repo.revokeFamily(outcome.familyId);
        await announceRevocation();
        throw new AppError('REFRESH_INVALID');
      }
      if (outcome.kind === 'invalid' || outcome.session.purpose !== 'full')
        throw new AppError('REFRESH_INVALID');
      await announceRevocation(); // the rotated access token stops working everywhere
      return issue({
        accountId: outcome.session.accountId,
        tenantId: outcome.session.tenantId,
        familyId: outcome.session.familyId,
        refreshExpiresAt: outcome.refreshExpiresAt,
        channel: outcome.channel,
        ...context,
      });
    },

    /** Logout: the session and every token rotated from the same sign-in. */
    revoke: async (session: Pick<ActiveSession, 'familyId'>): Promise<void> => {
      await repo.revokeFamily(session.familyId);
      await announceRevocation();
    },

    /** A tenant disabled or deleted: every session in it, everywhere. */
    revokeTenant: async (tenantId: string): Promise<void> => {
      await repo.revokeTenant(tenantId);
      await announceRevocation();
    },

    /** A member disabled or removed by the tenant's administrator: their sessions in that tenant, everywhere. */
    revokeMember: async (tenantId: string, accountId: string): Promise<void> => {
      await repo.revokeMember(tenantId, accountId);
      await announceRevocation();
    },

    /** After a password change or reset: every session of the account, everywhere. */
    revokeAccount: async (accountId: string): Promise<void> => {
      await repo.revokeAccount(accountId);
      await announceRevocation();
    },

    /**
     * Tenant switching: a new sign-in of the same account in another scope (a tenant, or null for the
     * platform scope), ending when the old one would have. `replace` revokes the old sign-in's tokens
     * everywhere (the shell switching tenant) and starts a new family; `add` leaves them working (a token
     * exchange for an application of another tenant opened beside the shell) and joins their family, so
     * signing out of the shell ends the exchanged tokens too.
     */
    switchScope: async (
      session: ActiveSession,
      target: { tenantId: string | null; ip?: string | null; userAgent?: string | null },
      mode: 'replace' | 'add',
    ): Promise<IssuedTokens> => {
      const lifetime = await repo.findLifetime(session.id);
      if (!lifetime) throw new AppError('TOKEN_INVALID');
      const issued = await issue({
        accountId: session.accountId,
        tenantId: target.tenantId,
        channel: lifetime.channel,
        ip: target.ip,
        userAgent: target.userAgent,
        refreshExpiresAt: lifetime.refreshExpiresAt,
        ...(mode === 'replace' ? { replacesFamilyId: session.familyId } : { familyId: session.familyId }),
      });
      if (mode === 'replace') await announceRevocation();
      return issued;
    },

    listenForRevocations: () =>
      pubsub.subscribe(SESSION_REVOKED_CHANNEL, () => {
        // Revocations are rare; dropping every cached session is simpler than indexing by id.
        byTokenHash.clear();
      }),
  };
};

export type SessionService = ReturnType<typeof createSessionService>;
