import type { ApiScope } from '@uniwim/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiClientCaller } from '../../modules/api-clients/service';
import type { ActiveSession } from '../../modules/sessions/repo';
import type { SessionService } from '../../modules/sessions/service';
import { AppError } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    session: ActiveSession | null;
    /** Set instead of `session` when an API credential's token calls (routes of requiredOrClient). */
    apiClient: ApiClientCaller | null;
  }
}

/** Client access tokens of API credentials (modules/api-clients): told apart from session tokens by their prefix. */
export interface ClientTokens {
  isClientToken(token: string): boolean;
  authenticate(token: string): Promise<ApiClientCaller | null>;
  /** Allow-list, requests per minute and scope; throws the typed refusal. */
  admit(caller: ApiClientCaller, scope: ApiScope, ip: string, reply: FastifyReply): Promise<void>;
}

const isUsableToken = (value: unknown): value is string =>
  typeof value === 'string' &&
  value !== '' &&
  value !== 'null' &&
  value !== 'undefined' &&
  value.length <= 200;

/**
 * What the Authorization header says of a bearer token. The scheme is case-insensitive and may be
 * followed by any run of spaces (RFC 7235 section 2.1), since clients hand back `token_type` as they
 * received it ("bearer"). `malformed` is a Bearer header that is not exactly one token68 (RFC 6750
 * invalid_request); another scheme, or the frames' "Bearer null", is no token.
 */
export const bearerHeaderOf = (
  header: string | undefined,
): { kind: 'none' } | { kind: 'token'; token: string } | { kind: 'malformed' } => {
  const match = header?.match(/^[ \t]*bearer(?:[ \t]+(.*))?$/i);
  if (!match) return { kind: 'none' };
  const credentials = (match[1] ?? '').trim();
  if (credentials === '' || credentials === 'null' || credentials === 'undefined') return { kind: 'none' };
  // RFC 6750 section 2.1: b64token = 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"="
  if (!/^[A-Za-z0-9\-._~+/]+=*$/.test(credentials)) return { kind: 'malformed' };
  return { kind: 'token', token: credentials };
};

/**
 * The bearer token of a request, if any: the Authorization header, or for pages opened in frames the
 * uniwater_utoken / token query parameter (spec section 2, "Frame ready"). Lenient: for calls that
 * work without a token too; the guards refuse what this passes over (presentedToken).
 */
export const tokenOf = (request: FastifyRequest): string | null => {
  const bearer = bearerHeaderOf(request.headers.authorization);
  if (bearer.kind === 'token' && isUsableToken(bearer.token)) return bearer.token;
  const query = request.query as Record<string, unknown> | undefined;
  if (isUsableToken(query?.uniwater_utoken)) return query.uniwater_utoken;
  if (isUsableToken(query?.token)) return query.token;
  return null;
};

/** The token a guarded route was called with, or the typed refusal: none, a malformed header, an impossible token. */
const presentedToken = (request: FastifyRequest): string => {
  const bearer = bearerHeaderOf(request.headers.authorization);
  if (bearer.kind === 'malformed') throw new AppError('AUTHORIZATION_MALFORMED');
  // Longer than any token this server issues: refused as invalid without a look-up.
  if (bearer.kind === 'token' && !isUsableToken(bearer.token)) throw new AppError('TOKEN_INVALID');
  const token = tokenOf(request);
  if (!token) throw new AppError('UNAUTHENTICATED');
  return token;
};

export const createAuthGuard = (sessions: SessionService, clients?: ClientTokens) => {
  /** The credential of a client token (or TOKEN_INVALID), noted on the request for its access log. */
  const resolveClient = async (request: FastifyRequest, clientTokens: ClientTokens, token: string) => {
    const caller = await clientTokens.authenticate(token);
    if (!caller) throw new AppError('TOKEN_INVALID', '访问令牌无效或已过期');
    request.apiClient = caller;
    return caller;
  };
  const resolve = async (request: FastifyRequest): Promise<ActiveSession> => {
    const token = presentedToken(request);
    if (clients?.isClientToken(token)) {
      // A valid client token on a route that names no scope (user and admin routes): not for it.
      await resolveClient(request, clients, token);
      throw new AppError('API_SCOPE_NOT_GRANTED', '此接口不对接口凭据开放');
    }
    const session = await sessions.authenticate(token);
    if (!session) throw new AppError('TOKEN_INVALID');
    request.session = session;
    return session;
  };
  // Every guard runs at onRequest, before the body is read or validated: a request without a valid
  // token answers 401 whatever it holds, and nothing about the input is told to a stranger.
  return {
    /** onRequest: the request must carry a live session token that may use the product. */
    required: async (request: FastifyRequest): Promise<void> => {
      const session = await resolve(request);
      if (session.purpose !== 'full') throw new AppError('PASSWORD_CHANGE_REQUIRED');
    },
    /**
     * onRequest of a route open to API credentials: a client token with `scope` (from an allowed
     * address, within its rate) sets request.apiClient; a user session works as with `required`.
     */
    requiredOrClient:
      (scope: ApiScope) =>
      async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
        const token = presentedToken(request);
        if (clients?.isClientToken(token)) {
          const caller = await resolveClient(request, clients, token);
          request.apiClientScope = scope;
          await clients.admit(caller, scope, request.ip, reply);
          return;
        }
        const session = await resolve(request);
        if (session.purpose !== 'full') throw new AppError('PASSWORD_CHANGE_REQUIRED');
      },
    /** onRequest for the few calls a change-password session may make (change it, log out, who am I). */
    allowingPasswordChange: async (request: FastifyRequest): Promise<void> => {
      await resolve(request);
    },
    /** onRequest: use the session when a valid token is given, carry on anonymously otherwise. */
    optional: async (request: FastifyRequest): Promise<void> => {
      const token = tokenOf(request);
      // A session whose tenant no longer admits anyone is no session here: the visitor's answer.
      const session = token && !clients?.isClientToken(token) ? await sessions.usable(token) : null;
      request.session = session?.purpose === 'full' ? session : null;
    },
  };
};

export type AuthGuard = ReturnType<typeof createAuthGuard>;

export const sessionOf = (request: FastifyRequest): ActiveSession => {
  if (!request.session) throw new AppError('UNAUTHENTICATED');
  return request.session;
};

/**
 * The tenant a request acts in: the session's active tenant, or the tenant of the API credential
 * whose token called (null for a credential of an application only: the platform's data).
 */
export const tenantScopeOf = (request: FastifyRequest): { tenantId: string | null } =>
  request.apiClient ? { tenantId: request.apiClient.tenantId } : sessionOf(request);
