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
 * The bearer token of a request: the Authorization header, or for pages opened in frames the
 * uniwater_utoken / token query parameter (spec section 2, "Frame ready").
 */
export const tokenOf = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice(7).trim();
    if (isUsableToken(token)) return token;
  }
  const query = request.query as Record<string, unknown> | undefined;
  if (isUsableToken(query?.uniwater_utoken)) return query.uniwater_utoken;
  if (isUsableToken(query?.token)) return query.token;
  return null;
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
    const token = tokenOf(request);
    if (!token) throw new AppError('UNAUTHENTICATED');
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
  return {
    /** preHandler: the request must carry a live session token that may use the product. */
    required: async (request: FastifyRequest): Promise<void> => {
      const session = await resolve(request);
      if (session.purpose !== 'full') throw new AppError('PASSWORD_CHANGE_REQUIRED');
    },
    /**
     * preHandler of a route open to API credentials: a client token with `scope` (from an allowed
     * address, within its rate) sets request.apiClient; a user session works as with `required`.
     */
    requiredOrClient:
      (scope: ApiScope) =>
      async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
        const token = tokenOf(request);
        if (token && clients?.isClientToken(token)) {
          const caller = await resolveClient(request, clients, token);
          request.apiClientScope = scope;
          await clients.admit(caller, scope, request.ip, reply);
          return;
        }
        const session = await resolve(request);
        if (session.purpose !== 'full') throw new AppError('PASSWORD_CHANGE_REQUIRED');
      },
    /** preHandler for the few calls a change-password session may make (change it, log out, who am I). */
    allowingPasswordChange: async (request: FastifyRequest): Promise<void> => {
      await resolve(request);
    },
    /** preHandler: use the session when a valid token is given, carry on anonymously otherwise. */
    optional: async (request: FastifyRequest): Promise<void> => {
      const token = tokenOf(request);
      const session = token && !clients?.isClientToken(token) ? await sessions.authenticate(token) : null;
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
