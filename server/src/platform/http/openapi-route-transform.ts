import type { ErrorName } from '@uniwim/contracts';
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorResponsesOf, INPUT_ERRORS, JSON_BODY_ERRORS, MULTIPART_ERRORS } from './openapi-errors';
import { GUARD_ERRORS, type GuardDescription, guardsOf } from './route-guards';
import { answerCarriesSecrets } from './secret-answers';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Typed errors the route answers beyond those its input and its guards imply (those are
     * documented without being listed here): its own refusals, for the OpenAPI document.
     */
    errors?: readonly ErrorName[];
  }
}

/** The security schemes the operations refer to (components.securitySchemes). */
export const securitySchemes = (scopes: Record<string, string>) => ({
  bearer: {
    type: 'http' as const,
    scheme: 'bearer',
    description: 'A session token from a sign-in (POST /dmp/login and the other sign-in routes).',
  },
  apiClient: {
    type: 'oauth2' as const,
    description: "An API credential's access token (OAuth 2.0 client credentials, RFC 6749 section 4.4).",
    flows: { clientCredentials: { tokenUrl: '/dmp/oauth/token', scopes } },
  },
});

type SecurityRequirement = Record<string, string[]>;

/**
 * Who may call the route, from the guards among its hooks: none is a public route (`[]`), an
 * optional session is the empty requirement beside the bearer one (OpenAPI's way to say "optional").
 */
const securityOf = (guards: GuardDescription[]): SecurityRequirement[] => {
  const requirements: SecurityRequirement[] = [];
  for (const guard of guards) {
    if (guard.kind === 'session' || guard.kind === 'session-or-password-change') {
      requirements.push({ bearer: [] });
    } else if (guard.kind === 'session-or-client') {
      requirements.push({ bearer: [] }, { apiClient: [guard.scope] });
    } else if (guard.kind === 'optional-session') {
      requirements.push({ bearer: [] }, {});
    }
  }
  return requirements;
};

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A stable operationId from the method and the path, e.g. `GET /ump/admin/users/:id` gives
 * `getUmpAdminUsersById`: the same route keeps its id across releases, and no two routes share one
 * (the OpenAPI test checks that).
 */
export const operationIdOf = (method: string, url: string): string =>
  method.toLowerCase() +
  url
    .split(/[/.\-_]+/)
    .filter(Boolean)
    .map((segment) =>
      segment.startsWith(':')
        ? `By${capitalised(segment.slice(1))}`
        : segment === '*'
          ? 'Wildcard'
          : capitalised(segment),
    )
    .join('');

const MULTIPART = 'multipart/form-data';

/** The one part a multipart route reads: the uploaded file. */
const multipartBody = {
  content: {
    [MULTIPART]: {
      schema: {
        type: 'object',
        required: ['file'],
        properties: {
          file: {
            type: 'string',
            format: 'binary',
            contentMediaType: 'application/octet-stream',
            description: 'The file; its type is decided from its content, not its name.',
          },
        },
      },
    },
  },
};

/** Response headers of an answer that carries a secret (secret-answers.ts). */
const DOCUMENTED_NO_STORE_HEADERS = {
  'cache-control': { type: 'string', const: 'no-store', description: 'The answer carries a secret.' },
  pragma: { type: 'string', const: 'no-cache' },
};

/**
 * The OpenAPI operation of one route: its zod schemas as JSON Schema (fastify-type-provider-zod),
 * then what the route's options say besides: a stable operationId, the security its guards demand,
 * every error answer its input, guards and own declaration imply (from the typed error catalogue),
 * the multipart body of an upload, and the no-store headers of an answer carrying a secret.
 */
export const openApiRouteTransform: typeof jsonSchemaTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  const schema = transformed.schema as FastifySchema & Record<string, unknown>;
  if (schema.hide) return transformed;
  const route: RouteOptions = input.route;
  const method = Array.isArray(route.method) ? route.method[0]! : route.method;
  const guards = guardsOf(route);
  const multipart = !schema.body && (schema.consumes ?? []).includes(MULTIPART);

  const errors = new Set<ErrorName>(['INVALID_CHARACTERS']);
  if (schema.querystring || schema.params || schema.headers || schema.body) {
    for (const name of INPUT_ERRORS) errors.add(name);
  }
  for (const name of schema.body ? JSON_BODY_ERRORS : multipart ? MULTIPART_ERRORS : []) errors.add(name);
  if (input.url.includes(':')) errors.add('URL_MALFORMED').add('URL_TOO_LONG');
  for (const guard of guards) for (const name of GUARD_ERRORS[guard.kind]) errors.add(name);
  for (const name of schema.errors ?? []) errors.add(name);

  const response = { ...((schema.response as Record<string, Record<string, unknown>> | undefined) ?? {}) };
  // Without a declared answer the document still says what success is (OpenAPI needs one).
  if (!Object.keys(response).some((status) => status.startsWith('2'))) {
    response['200'] = { description: 'Default Response', type: 'null' };
  }
  if (answerCarriesSecrets(route)) {
    for (const [status, answer] of Object.entries(response)) {
      if (status.startsWith('2')) response[status] = { ...answer, headers: DOCUMENTED_NO_STORE_HEADERS };
    }
  }
  for (const [status, answer] of Object.entries(errorResponsesOf(errors))) {
    response[status] ??= answer as unknown as Record<string, unknown>;
  }

  const permission = guards.find((guard) => guard.kind === 'permission');
  const { errors: _documentedAbove, ...rest } = schema;
  return {
    url: transformed.url,
    schema: {
      ...rest,
      operationId: schema.operationId ?? operationIdOf(method, input.url),
      security: guards.length > 0 ? securityOf(guards) : (schema.security ?? []),
      response,
      ...(multipart ? { body: multipartBody } : {}),
      ...(permission ? { 'x-permission': { scope: permission.scope, code: permission.code } } : {}),
    },
  };
};
