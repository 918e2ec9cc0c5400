import type { AdminScope, ApiScope, ErrorName } from '@uniwim/contracts';
import type { RouteOptions } from 'fastify';
import type { AuthGuard } from './auth-guard';

/**
 * What a route's guard demands, noted on the guard's own hook function so the OpenAPI document
 * reads who may call a route from the hooks that actually run (never from a second, hand-kept
 * declaration that could drift from them).
 */
export type GuardDescription =
  /** A session token that may use the product (auth.required). */
  | { kind: 'session' }
  /** A session token, also one whose password must first change (auth.allowingPasswordChange). */
  | { kind: 'session-or-password-change' }
  /** A session token, or an API credential's token granted `scope` (auth.requiredOrClient). */
  | { kind: 'session-or-client'; scope: ApiScope }
  /** A session token when one is given; anonymous callers too (auth.optional). */
  | { kind: 'optional-session' }
  /** The operator holds the permission `code` in the admin `scope` (admin-guard.ts). */
  | { kind: 'permission'; scope: AdminScope; code: string };

/**
 * The typed errors each kind of guard answers, as auth-guard.ts and admin-guard.ts throw them.
 * A change there changes the list here.
 */
const TOKEN_ERRORS: readonly ErrorName[] = ['AUTHORIZATION_MALFORMED', 'UNAUTHENTICATED', 'TOKEN_INVALID'];

export const GUARD_ERRORS: Record<GuardDescription['kind'], readonly ErrorName[]> = {
  session: [...TOKEN_ERRORS, 'PASSWORD_CHANGE_REQUIRED', 'API_SCOPE_NOT_GRANTED'],
  'session-or-password-change': [...TOKEN_ERRORS, 'API_SCOPE_NOT_GRANTED'],
  'session-or-client': [
    ...TOKEN_ERRORS,
    'PASSWORD_CHANGE_REQUIRED',
    'API_SCOPE_NOT_GRANTED',
    'CLIENT_IP_NOT_ALLOWED',
    'RATE_LIMITED',
  ],
  'optional-session': [],
  permission: ['FORBIDDEN'],
};

// biome-ignore lint/complexity/noBannedTypes: hook functions of any signature are noted
const descriptions = new WeakMap<Function, GuardDescription>();

/** Notes what `hook` demands and hands it back unchanged. */
// biome-ignore lint/complexity/noBannedTypes: hook functions of any signature are noted
export const describedGuard = <Hook extends Function>(hook: Hook, description: GuardDescription): Hook => {
  descriptions.set(hook, description);
  return hook;
};

/** The application's auth guard with each of its hooks described (the same functions). */
export const describeAuthGuard = (guard: AuthGuard): AuthGuard => ({
  ...guard,
  required: describedGuard(guard.required, { kind: 'session' }),
  allowingPasswordChange: describedGuard(guard.allowingPasswordChange, {
    kind: 'session-or-password-change',
  }),
  optional: describedGuard(guard.optional, { kind: 'optional-session' }),
  requiredOrClient: (scope) =>
    describedGuard(guard.requiredOrClient(scope), { kind: 'session-or-client', scope }),
});

const GUARD_HOOKS = ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const;

/** The described guards among a route's own hooks, in the order they run. */
export const guardsOf = (route: Pick<RouteOptions, (typeof GUARD_HOOKS)[number]>): GuardDescription[] =>
  GUARD_HOOKS.flatMap((name) => {
    const hooks = route[name];
    if (!hooks) return [];
    // biome-ignore lint/complexity/noBannedTypes: hook functions of any signature are noted
    return (Array.isArray(hooks) ? hooks : [hooks]) as Function[];
  }).flatMap((hook) => {
    const description = descriptions.get(hook);
    return description ? [description] : [];
  });
