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

export const createAuthGuard = (sessions: SessionService) => ({
  /** preHandler: the request must carry a live session token. */
  required: async (request: FastifyRequest): Promise<void> => {
    const token = tokenOf(request);
    if (!token) throw new AppError('UNAUTHENTICATED');
    const session = await sessions.authenticate(token);
    if (!session) throw new AppError('TOKEN_INVALID');
    request.session = session;
  },
  /** preHandler: use the session when a valid token is given, carry on anonymously otherwise. */
  optional: async (request: FastifyRequest): Promise<void> => {
    const token = tokenOf(request);
    request.session = token ? await sessions.authenticate(token) : null;
  },
});

export type AuthGuard = ReturnType<typeof createAuthGuard>;

export const sessionOf = (request: FastifyRequest): ActiveSession => {
  if (!request.session) throw new AppError('UNAUTHENTICATED');
  return request.session;
};
