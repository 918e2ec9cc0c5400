import type { FastifyRequest } from 'fastify';
import type { ActiveSession } from '../../modules/sessions/repo';
import type { SessionService } from '../../modules/sessions/service';
import { AppError } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    session: ActiveSession | null;
  }
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

export const createAuthGuard = (sessions: SessionService) => {
  const resolve = async (request: FastifyRequest): Promise<ActiveSession> => {
    const token = tokenOf(request);
    if (!token) throw new AppError('UNAUTHENTICATED');
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
    /** preHandler for the few calls a change-password session may make (change it, log out, who am I). */
    allowingPasswordChange: async (request: FastifyRequest): Promise<void> => {
      await resolve(request);
    },
    /** preHandler: use the session when a valid token is given, carry on anonymously otherwise. */
    optional: async (request: FastifyRequest): Promise<void> => {
      const token = tokenOf(request);
      const session = token ? await sessions.authenticate(token) : null;
      request.session = session?.purpose === 'full' ? session : null;
    },
  };
};

export type AuthGuard = ReturnType<typeof createAuthGuard>;

export const sessionOf = (request: FastifyRequest): ActiveSession => {
  if (!request.session) throw new AppError('UNAUTHENTICATED');
  return request.session;
};
