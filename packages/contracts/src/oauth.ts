import { z } from 'zod';
import type { LocalText } from './admin/resource';
import { secretAnswer } from './secret-answer';

/**
 * The API groups a client credential may be granted (OAuth scopes), declared once: the credential
 * form offers them, the token endpoint grants them, and each route that admits client tokens names
 * the one it needs (auth.requiredOrClient(scope) on the server).
 */
export interface ApiScopeDefinition {
  title: LocalText;
  /** The routes the scope opens, for the credential form and the API notes. */
  routes: readonly string[];
}

export const API_SCOPES = {
  'dictionary:read': {
    title: { zh: '读取数据字典', en: 'Read dictionaries' },
    routes: ['POST /ump/dictionary/getValueByCode'],
  },
  'parameter:read': {
    title: { zh: '读取系统参数', en: 'Read parameters' },
    routes: ['GET /ump/param/get'],
  },
  'usage-log:write': {
    title: { zh: '上报使用日志', en: 'Post usage logs' },
    routes: ['POST /ump/accessLog/saveLog'],
  },
  // Issue 15: messages and to-dos
  'todo:write': {
    title: { zh: '推送待办', en: 'Post to-dos' },
    routes: ['POST /ump/todos'],
  },
  // Issue 15: the message outbox and templated sending
  'message:send': {
    title: { zh: '发送模板消息', en: 'Send templated messages' },
    routes: ['POST /ump/open/messages/send'],
  },
} as const satisfies Record<string, ApiScopeDefinition>;

export type ApiScope = keyof typeof API_SCOPES;
export const API_SCOPE_CODES = Object.keys(API_SCOPES) as [ApiScope, ...ApiScope[]];
export const apiScopeSchema = z.enum(API_SCOPE_CODES, { message: '未知的授权范围' });

/**
 * Prefixes of what the token endpoint hands out. A '.' never occurs in base64url, so a client token
 * can never be mistaken for a session token (43 base64url characters), and secret scanners can
 * recognise both kinds by their prefix.
 */
export const CLIENT_ACCESS_TOKEN_PREFIX = 'uwat.';
export const CLIENT_SECRET_PREFIX = 'uwsk.';

/**
 * `POST /dmp/oauth/token` (RFC 6749 section 4.4): form-encoded as the RFC requires, JSON accepted
 * too. The client authenticates with HTTP Basic or with client_id/client_secret in the body, not
 * both. Unknown parameters are ignored (RFC 6749 section 3.2).
 */
export const oauthTokenRequestSchema = z.looseObject({
  grant_type: z.string().max(100).optional(),
  client_id: z.string().max(200).optional(),
  client_secret: z.string().max(500).optional(),
  /** Space-separated scopes, a subset of the credential's; omitted means all of them. */
  scope: z.string().max(1_000).optional(),
});
export type OauthTokenRequest = z.infer<typeof oauthTokenRequestSchema>;

/** RFC 6749 section 5.1: not the product's envelope, because OAuth client libraries expect this. */
export const oauthTokenAnswerSchema = secretAnswer(
  z.object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int(),
    scope: z.string(),
  }),
);
export type OauthTokenAnswer = z.infer<typeof oauthTokenAnswerSchema>;

/** RFC 6749 section 5.2, plus slow_down (borrowed from RFC 8628) for the per-address limit. */
export const OAUTH_ERROR_CODES = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
  'slow_down',
  'server_error',
  'temporarily_unavailable',
] as const;
export type OauthErrorCode = (typeof OAUTH_ERROR_CODES)[number];

/**
 * RFC 6749 section 5.2: error_description is printable ASCII without '"' and '\' (it may travel in a
 * WWW-Authenticate header too).
 */
export const OAUTH_DESCRIPTION_PATTERN = /^[\x20\x21\x23-\x5B\x5D-\x7E]*$/;

export const oauthErrorSchema = z.object({
  error: z.enum(OAUTH_ERROR_CODES),
  error_description: z.string().regex(OAUTH_DESCRIPTION_PATTERN).optional(),
  /** The same refusal in the product's words (Chinese), for people; OAuth libraries read the two above. */
  message: z.string().optional(),
});
export type OauthError = z.infer<typeof oauthErrorSchema>;

/** The client's own credentials, as at the token endpoint: HTTP Basic, or these two in the form. */
const clientAuthenticationFields = {
  client_id: z.string().max(200).optional(),
  client_secret: z.string().max(500).optional(),
};

/**
 * `POST /dmp/oauth/introspect` (RFC 7662) and `POST /dmp/oauth/revoke` (RFC 7009): the token asked
 * about, and a hint of its type that may be ignored (every token here is an access token).
 */
export const oauthTokenOperationRequestSchema = z.looseObject({
  token: z.string().max(1_000).optional(),
  token_type_hint: z.string().max(100).optional(),
  ...clientAuthenticationFields,
});
export type OauthTokenOperationRequest = z.infer<typeof oauthTokenOperationRequestSchema>;

/**
 * RFC 7662 section 2.2: `{active: false}` alone for a token that is unknown, expired, revoked or
 * another client's; the rest only for an active token of the caller.
 */
export const oauthIntrospectionAnswerSchema = z.object({
  active: z.boolean(),
  scope: z.string().optional(),
  client_id: z.string().optional(),
  token_type: z.literal('Bearer').optional(),
  /** Seconds since the epoch. */
  exp: z.number().int().optional(),
  iat: z.number().int().optional(),
  iss: z.string().optional(),
});
export type OauthIntrospectionAnswer = z.infer<typeof oauthIntrospectionAnswerSchema>;

/** RFC 8414 section 2: what `/.well-known/oauth-authorization-server` tells a client. */
export const oauthServerMetadataSchema = z.object({
  issuer: z.string(),
  token_endpoint: z.string(),
  introspection_endpoint: z.string(),
  revocation_endpoint: z.string(),
  grant_types_supported: z.array(z.string()),
  response_types_supported: z.array(z.string()),
  token_endpoint_auth_methods_supported: z.array(z.string()),
  introspection_endpoint_auth_methods_supported: z.array(z.string()),
  revocation_endpoint_auth_methods_supported: z.array(z.string()),
  scopes_supported: z.array(z.string()),
  service_documentation: z.string().optional(),
});
export type OauthServerMetadata = z.infer<typeof oauthServerMetadataSchema>;
