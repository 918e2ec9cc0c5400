import {
  API_SCOPE_CODES,
  type ApiScope,
  type OauthErrorCode,
  type OauthIntrospectionAnswer,
  type OauthTokenAnswer,
} from '@uniwim/contracts';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { TtlCache } from '../../platform/cache/ttl-cache';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { PubSub } from '../../platform/pubsub/pubsub';
import { type RateLimiter, rateLimitedError, retryAfterSecondsOf } from '../../platform/rate-limit';
import type { TenantRefusal } from '../tenants/admission';
import { addressAllowed } from './ip-allow-list';
import { apiClients, apiClientTokens } from './schema';
import { hashSecret, isClientAccessToken, newClientAccessToken, secretMatches } from './secrets';

/** Who calls with a client token: the credential, its tenant (whose data it reads) and no account. */
export interface ApiClientCaller {
  clientId: string;
  name: string;
  tenantId: string | null;
  applicationId: string | null;
  /** The token's scopes that the credential still holds. */
  scopes: readonly ApiScope[];
  ipAllowList: readonly string[];
  ratePerMinute: number;
  /** The token's end, or the credential's if sooner. */
  validUntil: number;
  /** When the token was issued (RFC 7662 iat). */
  issuedAt: number;
}

export const API_CLIENTS_CHANGED_CHANNEL = 'api-clients-changed';
/** How long a resolved token is trusted in memory; any change of a credential drops them all. */
const TOKEN_CACHE_MS = 5_000;
/** The message of a single revoked token on API_CLIENTS_CHANGED_CHANNEL, followed by its hash. */
const TOKEN_REVOKED_PREFIX = 'token-revoked:';

/**
 * An RFC 6749 section 5.2 refusal: the error, its HTTP status, the description OAuth libraries show
 * (English, printable ASCII as the RFC requires) and the product's words for people (Chinese).
 */
export class OauthRefusal extends Error {
  constructor(
    readonly error: OauthErrorCode,
    readonly status: number,
    readonly description: string,
    readonly localMessage: string,
  ) {
    super(description);
  }
}

/** A client authenticating itself at the token, introspection or revocation endpoint. */
export interface ClientAuthentication {
  clientId: string;
  clientSecret: string;
  ip: string;
}

export interface TokenRequest {
  /** The scope parameter as sent: space-separated, or absent for every scope of the credential. */
  scope: string | undefined;
  ip: string;
}

/** A credential's row, as the OAuth endpoints read it. */
export type ApiClientRecord = typeof apiClients.$inferSelect;

const isKnownScope = (scope: string): scope is ApiScope => (API_SCOPE_CODES as string[]).includes(scope);

/**
 * The client-credentials grant (RFC 6749 section 4.4) and the tokens it issues: short-lived,
 * opaque (only their SHA-256 stored), limited to their scopes, the credential's allow-list and its
 * requests per minute. A token is read with its credential on each use (cached for a few seconds and
 * dropped on every instance when a credential changes), so revoking or disabling ends it at once.
 */
/** Whether a credential's tenant admits anyone now (tenants/admission.ts). */
export interface ClientTenantGate {
  refusalOf(tenantId: string): Promise<TenantRefusal | null>;
}

const TENANT_REFUSAL_DESCRIPTIONS: Record<TenantRefusal, [english: string, chinese: string]> = {
  TENANT_DISABLED: ["The client credential's tenant is disabled", '接口凭据所属租户已停用'],
  TENANT_EXPIRED: ["The client credential's tenant has expired", '接口凭据所属租户已过期'],
  TENANT_NOT_FOUND: ["The client credential's tenant does not exist", '接口凭据所属租户不存在'],
};

export const createApiClientService = (deps: {
  db: Database;
  pubsub: PubSub;
  rateLimiter: RateLimiter;
  /** A credential of a disabled, deleted or expired tenant gets no token, and its tokens stop working. */
  tenants: ClientTenantGate;
}) => {
  const byTokenHash = new TtlCache<ApiClientCaller | null>(TOKEN_CACHE_MS);

  const findClient = (clientId: string) =>
    deps.db.asPlatform(async (tx) => {
      const [client] = await tx.select().from(apiClients).where(eq(apiClients.id, clientId));
      return client;
    });

  const loadCaller = (tokenHash: string): Promise<ApiClientCaller | null> =>
    deps.db.asPlatform(async (tx) => {
      const [row] = await tx
        .select({ token: apiClientTokens, client: apiClients })
        .from(apiClientTokens)
        .innerJoin(apiClients, eq(apiClients.id, apiClientTokens.clientId))
        .where(
          and(
            eq(apiClientTokens.tokenHash, tokenHash),
            gt(apiClientTokens.expiresAt, sql`now()`),
            eq(apiClients.status, 'active'),
            or(isNull(apiClients.expiresAt), gt(apiClients.expiresAt, sql`now()`)),
          ),
        );
      if (!row) return null;
      const { token, client } = row;
      const granted = new Set(client.scopes);
      const ends = [token.expiresAt.getTime(), client.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY];
      return {
        clientId: client.id,
        name: client.name,
        tenantId: client.ownerTenantId,
        applicationId: client.applicationId,
        scopes: token.scopes.filter((scope): scope is ApiScope => granted.has(scope) && isKnownScope(scope)),
        ipAllowList: client.ipAllowList,
        ratePerMinute: client.ratePerMinute,
        validUntil: Math.min(...ends),
        issuedAt: token.createdAt.getTime(),
      };
    });

  /** The caller of a client access token, or null when it is unknown, expired, or its credential is not active. */
  const callerOf = async (token: string): Promise<ApiClientCaller | null> => {
    const caller = await byTokenHash.getOrLoad(hashSecret(token), () => loadCaller(hashSecret(token)));
    return caller && caller.validUntil > Date.now() ? caller : null;
  };

  /** The tenant's refusal for a credential that belongs to one (asked on every use), else null. */
  const tenantRefusalOf = (tenantId: string | null) =>
    tenantId === null ? Promise.resolve(null) : deps.tenants.refusalOf(tenantId);

  /** As callerOf, and throws the tenant's typed refusal (TENANT_DISABLED, …) when it admits nobody. */
  const authenticate = async (token: string): Promise<ApiClientCaller | null> => {
    const caller = await callerOf(token);
    const refusal = caller && (await tenantRefusalOf(caller.tenantId));
    if (refusal) throw new AppError(refusal);
    return caller;
  };

  const authenticateClient = (
    request: ClientAuthentication,
    client: ApiClientRecord | undefined,
  ): ApiClientRecord => {
    const now = Date.now();
    const previousValid =
      client?.previousSecretValidUntil !== null &&
      client?.previousSecretValidUntil !== undefined &&
      client.previousSecretValidUntil.getTime() > now;
    const authenticated =
      client !== undefined &&
      (secretMatches(request.clientSecret, client.secretHash) ||
        (previousValid && secretMatches(request.clientSecret, client.previousSecretHash)));
    if (!client || !authenticated) {
      throw new OauthRefusal('invalid_client', 401, 'Client authentication failed', '客户端认证失败');
    }
    if (client.status !== 'active') {
      const revoked = client.status === 'revoked';
      throw new OauthRefusal(
        'invalid_client',
        401,
        revoked ? 'The client credential has been revoked' : 'The client credential is disabled',
        revoked ? '接口凭据已吊销' : '接口凭据已停用',
      );
    }
    if (client.expiresAt && client.expiresAt.getTime() <= now) {
      throw new OauthRefusal('invalid_client', 401, 'The client credential has expired', '接口凭据已过期');
    }
    if (!addressAllowed(client.ipAllowList, request.ip)) {
      throw new OauthRefusal(
        'unauthorized_client',
        400,
        `The client address ${request.ip} is not in the credential's allow-list`,
        `来源地址 ${request.ip} 不在接口凭据的允许列表中`,
      );
    }
    return client;
  };

  return {
    isClientToken: isClientAccessToken,

    authenticate,

    /**
     * Lets a client call through, or refuses it: outside the allow-list 403, past its requests per
     * minute 429 with Retry-After, without the route's scope 403. Refused calls count toward the rate:
     * they cost as much to answer.
     */
    admit: async (
      caller: ApiClientCaller,
      scope: ApiScope,
      ip: string,
      reply: FastifyReply,
    ): Promise<void> => {
      if (!addressAllowed(caller.ipAllowList, ip)) {
        throw new AppError('CLIENT_IP_NOT_ALLOWED', `来源地址 ${ip} 不在接口凭据的允许列表中`);
      }
      const decision = await deps.rateLimiter.consume(
        `api-client:${caller.clientId}`,
        caller.ratePerMinute,
        60_000,
      );
      if (!decision.allowed) {
        reply.header('retry-after', String(retryAfterSecondsOf(decision)));
        throw rateLimitedError(decision);
      }
      if (!caller.scopes.includes(scope)) {
        throw new AppError('API_SCOPE_NOT_GRANTED', `接口凭据未获授权范围 ${scope}`);
      }
    },

    /** The credential a token request names, for the access log even when its secret is wrong. */
    findClient,

    /**
     * RFC 6749 section 2.3.1: the client by its current secret (or the one before the last rotation,
     * inside its overlap window), active, unexpired, from an address its allow-list admits. The same
     * for the token, introspection and revocation endpoints.
     */
    authenticateClient,

    /** RFC 6749 section 4.4.2: for a client authenticateClient admitted, narrows the scope and stores a new token's hash. */
    issueToken: async (client: ApiClientRecord, request: TokenRequest): Promise<OauthTokenAnswer> => {
      const refusal = await tenantRefusalOf(client.ownerTenantId);
      if (refusal) {
        const [english, chinese] = TENANT_REFUSAL_DESCRIPTIONS[refusal];
        throw new OauthRefusal('invalid_client', 401, english, chinese);
      }
      const now = Date.now();
      const asked = request.scope?.split(' ').filter(Boolean) ?? [];
      const ungranted = asked.filter((scope) => !client.scopes.includes(scope));
      if (ungranted.length > 0) {
        throw new OauthRefusal(
          'invalid_scope',
          400,
          `Scopes not granted to this client: ${ungranted.join(' ')}`,
          `未授权的范围：${ungranted.join(' ')}`,
        );
      }
      const scopes = asked.length > 0 ? [...new Set(asked)] : client.scopes;
      const ttlMs = Math.min(
        client.tokenTtlSeconds * 1000,
        client.expiresAt ? client.expiresAt.getTime() - now : Number.POSITIVE_INFINITY,
      );
      const token = newClientAccessToken();
      await deps.db.asPlatform(async (tx) => {
        await tx.insert(apiClientTokens).values({
          tokenHash: hashSecret(token),
          clientId: client.id,
          scopes,
          expiresAt: new Date(now + ttlMs),
          ip: request.ip,
        });
        // Expired tokens of this credential are of no use to anyone: they go as new ones come.
        await tx
          .delete(apiClientTokens)
          .where(and(eq(apiClientTokens.clientId, client.id), lt(apiClientTokens.expiresAt, sql`now()`)));
      });
      return {
        access_token: token,
        token_type: 'Bearer',
        expires_in: Math.floor(ttlMs / 1000),
        scope: scopes.join(' '),
      };
    },

    /**
     * RFC 7662 section 2.2: active only for the caller's own token that a route would accept now (the
     * same check as every call); unknown, expired, revoked and other clients' tokens are alike inactive,
     * so a client learns nothing of tokens not its own.
     */
    introspect: async (clientId: string, token: string): Promise<OauthIntrospectionAnswer> => {
      const caller = isClientAccessToken(token) ? await callerOf(token) : null;
      if (!caller || caller.clientId !== clientId) return { active: false };
      if (await tenantRefusalOf(caller.tenantId)) return { active: false };
      return {
        active: true,
        scope: caller.scopes.join(' '),
        client_id: caller.clientId,
        token_type: 'Bearer',
        exp: Math.floor(caller.validUntil / 1000),
        iat: Math.floor(caller.issuedAt / 1000),
      };
    },

    /**
     * RFC 7009: ends the caller's own token at once, on every instance. Anything else (unknown,
     * expired, another client's) is left alone without telling the caller which it was.
     */
    revoke: async (clientId: string, token: string): Promise<void> => {
      if (!isClientAccessToken(token)) return;
      const tokenHash = hashSecret(token);
      const removed = await deps.db.asPlatform((tx) =>
        tx
          .delete(apiClientTokens)
          .where(and(eq(apiClientTokens.tokenHash, tokenHash), eq(apiClientTokens.clientId, clientId)))
          .returning({ tokenHash: apiClientTokens.tokenHash }),
      );
      if (removed.length === 0) return;
      byTokenHash.delete(tokenHash);
      await deps.pubsub.publish(API_CLIENTS_CHANGED_CHANNEL, `${TOKEN_REVOKED_PREFIX}${tokenHash}`);
    },

    /** After a credential changed (disabled, revoked, scopes or allow-list edited): every instance rereads. */
    changed: async (): Promise<void> => {
      byTokenHash.clear();
      await deps.pubsub.publish(API_CLIENTS_CHANGED_CHANNEL, 'changed');
    },

    listenForChanges: () =>
      deps.pubsub.subscribe(API_CLIENTS_CHANGED_CHANNEL, (message) => {
        // One revoked token drops only its own entry; any other change, every entry.
        if (message.startsWith(TOKEN_REVOKED_PREFIX))
          byTokenHash.delete(message.slice(TOKEN_REVOKED_PREFIX.length));
        else byTokenHash.clear();
      }),
  };
};

export type ApiClientService = ReturnType<typeof createApiClientService>;
