import type { ErrorName } from '@uniwim/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppError } from '../errors';
import { bearerHeaderOf, tokenOf } from './auth-guard';

/** The protection space of every bearer-token route (RFC 7235 section 2.2). */
export const BEARER_REALM = 'uniwim';

type BearerError = 'invalid_request' | 'invalid_token' | 'insufficient_scope';

/**
 * RFC 6750 section 3.1: the typed refusals that tell a bearer-token client what is wrong with its
 * token, each with a description in the printable ASCII the attribute allows (no '"' or '\').
 * Refusals about the request's subject (a target tenant, a mobile, a template) are not the token's
 * fault and carry no error attribute.
 */
const BEARER_ERRORS: Partial<Record<ErrorName, { error: BearerError; description: string }>> = {
  AUTHORIZATION_MALFORMED: {
    error: 'invalid_request',
    description: 'The Authorization header must be the Bearer scheme followed by one token',
  },
  TOKEN_INVALID: { error: 'invalid_token', description: 'The access token is unknown, expired or revoked' },
  API_SCOPE_NOT_GRANTED: {
    error: 'insufficient_scope',
    description: 'The access token does not grant the scope this operation requires',
  },
  FORBIDDEN: {
    error: 'insufficient_scope',
    description: 'The signed-in account does not hold the permission this operation requires',
  },
  PASSWORD_CHANGE_REQUIRED: {
    error: 'insufficient_scope',
    description: 'This session may only change its password',
  },
};

/** Did the caller present bearer credentials (well-formed or not), in the header or the frames' query? */
const presentedCredentials = (request: FastifyRequest): boolean =>
  bearerHeaderOf(request.headers.authorization).kind !== 'none' || tokenOf(request) !== null;

/**
 * The WWW-Authenticate challenge of an error answer, or null. Every 401 carries one (RFC 7235
 * section 3.1); without credentials it names only the realm (RFC 6750 section 3: no error for a
 * request that sent none). A 400 or 403 carries one when a presented token is the reason, with the
 * scope the route asked of an API credential (request.apiClientScope) for insufficient_scope.
 */
export const bearerChallengeOf = (request: FastifyRequest, error: AppError): string | null => {
  const presented = presentedCredentials(request);
  const known = presented ? BEARER_ERRORS[error.errorName] : undefined;
  if (error.status !== 401 && !known) return null;
  const attributes = [`realm="${BEARER_REALM}"`];
  if (known) {
    attributes.push(`error="${known.error}"`, `error_description="${known.description}"`);
    if (known.error === 'insufficient_scope' && request.apiClientScope) {
      attributes.push(`scope="${request.apiClientScope}"`);
    }
  }
  return `Bearer ${attributes.join(', ')}`;
};
