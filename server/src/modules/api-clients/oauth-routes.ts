import {
  type OauthError,
  oauthErrorSchema,
  oauthIntrospectionAnswerSchema,
  oauthTokenAnswerSchema,
  oauthTokenOperationRequestSchema,
  oauthTokenRequestSchema,
} from '@uniwim/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppError } from '../../platform/errors';
import { toAppError } from '../../platform/http/error-mapping';
import { type RateLimiter, type RateLimitPolicy, retryAfterSecondsOf } from '../../platform/rate-limit';
import { RETRY_AFTER_SECONDS } from '../../platform/unavailable';
import { clientCredentialsOf } from './oauth-client-auth';
import { issuerOf } from './oauth-metadata';
import { type ApiClientService, OauthRefusal } from './service';

export const OAUTH_TOKEN_PATH = '/dmp/oauth/token';
export const OAUTH_INTROSPECTION_PATH = '/dmp/oauth/introspect';
export const OAUTH_REVOCATION_PATH = '/dmp/oauth/revoke';
const FORM_TYPE = 'application/x-www-form-urlencoded';
/**
 * Requests per client address and minute to the three endpoints together: a client needs a token
 * every few minutes, and introspects or revokes its own tokens now and then.
 */
export const OAUTH_RATE_LIMIT: RateLimitPolicy = { name: 'oauth', limit: 120, windowMs: 60_000 };

/** A form body as an object; a parameter sent twice is refused (RFC 6749 section 3.2). */
const parseForm = (text: string): Record<string, string> => {
  const form: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    if (Object.hasOwn(form, name)) {
      throw new OauthRefusal(
        'invalid_request',
        400,
        `Parameter sent more than once: ${name}`,
        `参数重复：${name}`,
      );
    }
    // RFC 6749 section 3.1: parameters sent without a value are treated as omitted.
    if (value !== '') form[name] = value;
  }
  return form;
};

/** RFC 6749 section 5.2: error_description holds %x20-21 / %x23-5B / %x5D-7E only; anything else becomes '?'. */
const printableAscii = (text: string): string => text.replace(/[^\x20\x21\x23-\x5B\x5D-\x7E]/g, '?');

/** An English description of a typed error for the RFC's field: its name as words ("Body too large"). */
const describeInEnglish = (error: AppError): string => {
  const words = error.errorName.toLowerCase().replaceAll('_', ' ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
};

const sendOauthError = (reply: FastifyReply, status: number, body: OauthError) => {
  reply.code(status).header('cache-control', 'no-store').header('pragma', 'no-cache');
  if (status === 401) reply.header('www-authenticate', 'Basic realm="uniwim", charset="UTF-8"');
  const description =
    body.error_description === undefined ? {} : { error_description: printableAscii(body.error_description) };
  return reply.send({ ...body, ...description });
};

const oauthErrors = { 400: oauthErrorSchema, 401: oauthErrorSchema, 429: oauthErrorSchema };

const clientAuthenticationNotes =
  'The client authenticates by HTTP Basic (client_secret_basic, RFC 6749 section 2.3.1) or by ' +
  'client_id and client_secret in the body (client_secret_post), not both. ' +
  `Body \`${FORM_TYPE}\` (as the RFC requires) or JSON.`;

/**
 * The OAuth 2.0 endpoints of API credentials: `POST /dmp/oauth/token` (the client-credentials grant,
 * RFC 6749 section 4.4), `/dmp/oauth/introspect` (RFC 7662) and `/dmp/oauth/revoke` (RFC 7009). Unlike
 * every other route they answer in the RFCs' shape (errors as {error, error_description}, the Chinese
 * words in `message`) rather than the product's envelope, because OAuth client libraries read exactly
 * that (docs/decisions.md).
 */
export const oauthRoutes =
  (deps: {
    apiClients: ApiClientService;
    rateLimiter: RateLimiter;
    publicUrl?: string | undefined;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    // Only this plugin's routes read forms; everywhere else a form body stays an unsupported type.
    app.addContentTypeParser(FORM_TYPE, { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, parseForm(body as string));
      } catch (error) {
        done(error as Error, undefined);
      }
    });

    // Every refusal here is an RFC 6749 error object; only a bug is a server_error.
    app.setErrorHandler((error, request, reply) => {
      if (error instanceof OauthRefusal) {
        return sendOauthError(reply, error.status, {
          error: error.error,
          error_description: error.description,
          message: error.localMessage,
        });
      }
      const appError = toAppError(error);
      const words = { error_description: describeInEnglish(appError), message: appError.message };
      if (appError.status === 503) {
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        return sendOauthError(reply, 503, { error: 'temporarily_unavailable', ...words });
      }
      if (appError.status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return sendOauthError(reply, 500, { error: 'server_error', ...words });
      }
      // A body too large (413) or of another type (415) keeps its status; RFC clients read `error`.
      return sendOauthError(reply, appError.status, {
        error: appError.status === 429 ? 'slow_down' : 'invalid_request',
        ...words,
      });
    });

    /** The per-address limit of the three endpoints, before any secret is compared. */
    const limitPerAddress = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      const decision = await deps.rateLimiter.consume(
        `${OAUTH_RATE_LIMIT.name}:${request.ip}`,
        OAUTH_RATE_LIMIT.limit,
        OAUTH_RATE_LIMIT.windowMs,
      );
      if (!decision.allowed) {
        const seconds = retryAfterSecondsOf(decision);
        reply.header('retry-after', String(seconds));
        throw new OauthRefusal(
          'slow_down',
          429,
          `Too many requests; retry in ${seconds} seconds`,
          `请求过于频繁，请${seconds}秒后再试`,
        );
      }
    };

    /** The client by the credentials it presented: invalid_client (401) unless they are right. */
    const authenticatedClient = async (
      request: FastifyRequest,
      credentials: { clientId: string | undefined; clientSecret: string | undefined },
    ) => {
      const { clientId, clientSecret } = credentials;
      if (!clientId || !clientSecret) {
        throw new OauthRefusal(
          'invalid_client',
          401,
          'Client authentication is missing',
          '缺少客户端认证信息',
        );
      }
      const found = await deps.apiClients.findClient(clientId);
      if (found) markCaller(request, found);
      const client = deps.apiClients.authenticateClient({ clientId, clientSecret, ip: request.ip }, found);
      if (request.apiClientCall) request.apiClientCall.authenticated = true;
      return client;
    };

    const tokenParameter = (token: string | undefined): string => {
      if (token === undefined) {
        throw new OauthRefusal('invalid_request', 400, 'The token parameter is missing', '缺少 token 参数');
      }
      return token;
    };

    app.post(
      OAUTH_TOKEN_PATH,
      {
        schema: {
          tags: ['oauth'],
          summary:
            'Client-credentials grant (RFC 6749 section 4.4): a short-lived token for an API credential',
          description:
            `grant_type=client_credentials. ${clientAuthenticationNotes} \`scope\` (space-separated) ` +
            "narrows the grant to some of the credential's scopes. Answers and errors follow the RFC, not " +
            "the product's envelope: invalid_client (401), invalid_request, unauthorized_client (address " +
            'outside the allow-list), invalid_scope, unsupported_grant_type (400), slow_down (429, per ' +
            `client address: ${OAUTH_RATE_LIMIT.limit} a minute across the OAuth endpoints). Use the ` +
            'token as `Authorization: Bearer` on the routes of its scopes.',
          consumes: [FORM_TYPE, 'application/json'],
          body: oauthTokenRequestSchema,
          response: { 200: oauthTokenAnswerSchema, ...oauthErrors },
        },
      },
      async (request, reply) => {
        const body = request.body;
        const credentials = clientCredentialsOf(request.headers.authorization, body);
        if (body.grant_type === undefined) {
          throw new OauthRefusal(
            'invalid_request',
            400,
            'The grant_type parameter is missing',
            '缺少 grant_type',
          );
        }
        if (body.grant_type !== 'client_credentials') {
          throw new OauthRefusal(
            'unsupported_grant_type',
            400,
            'Only the client_credentials grant is supported',
            '仅支持 client_credentials',
          );
        }
        await limitPerAddress(request, reply);
        const client = await authenticatedClient(request, credentials);
        const answer = await deps.apiClients.issueToken(client, { scope: body.scope, ip: request.ip });
        reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
        return answer;
      },
    );

    app.post(
      OAUTH_INTROSPECTION_PATH,
      {
        schema: {
          tags: ['oauth'],
          summary: "Token introspection (RFC 7662): is one of the client's own tokens active, and its scope",
          description:
            `token=<access token>, token_type_hint optional (ignored: every token here is an access token). ` +
            `${clientAuthenticationNotes} Answers {active: false} for a token that is unknown, expired, ` +
            "revoked or another client's; for the caller's own active token {active: true, scope, " +
            'client_id, token_type, exp, iat, iss}. Errors as at the token endpoint.',
          consumes: [FORM_TYPE, 'application/json'],
          body: oauthTokenOperationRequestSchema,
          response: { 200: oauthIntrospectionAnswerSchema, ...oauthErrors },
        },
      },
      async (request, reply) => {
        const credentials = clientCredentialsOf(request.headers.authorization, request.body);
        await limitPerAddress(request, reply);
        const client = await authenticatedClient(request, credentials);
        const answer = await deps.apiClients.introspect(client.id, tokenParameter(request.body.token));
        reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
        return answer.active ? { ...answer, iss: issuerOf(request, deps.publicUrl) } : answer;
      },
    );

    app.post(
      OAUTH_REVOCATION_PATH,
      {
        schema: {
          tags: ['oauth'],
          summary: "Token revocation (RFC 7009): ends one of the client's own tokens at once",
          description:
            `token=<access token>, token_type_hint optional (ignored). ${clientAuthenticationNotes} ` +
            "Answers 200 with {} whether the token was the caller's and is now revoked, or was unknown, " +
            "expired or another client's (left alone): the caller learns nothing of tokens not its own. " +
            'Errors as at the token endpoint.',
          consumes: [FORM_TYPE, 'application/json'],
          body: oauthTokenOperationRequestSchema,
          response: {
            200: z.object({}).describe('Revoked, or nothing of this client to revoke'),
            ...oauthErrors,
          },
        },
      },
      async (request, reply) => {
        const credentials = clientCredentialsOf(request.headers.authorization, request.body);
        await limitPerAddress(request, reply);
        const client = await authenticatedClient(request, credentials);
        await deps.apiClients.revoke(client.id, tokenParameter(request.body.token));
        reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
        return {};
      },
    );
  };

/** Requests of a known credential go to its access log, refused ones too (who tries its id?). */
const markCaller = (request: FastifyRequest, client: { id: string; ownerTenantId: string | null }): void => {
  request.apiClientCall = { clientId: client.id, tenantId: client.ownerTenantId, authenticated: false };
};
