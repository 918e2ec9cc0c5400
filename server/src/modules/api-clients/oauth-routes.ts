import {
  type OauthError,
  oauthErrorSchema,
  oauthTokenAnswerSchema,
  oauthTokenRequestSchema,
} from '@uniwim/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toAppError } from '../../platform/http/error-mapping';
import { type RateLimiter, type RateLimitPolicy, retryAfterSecondsOf } from '../../platform/rate-limit';
import { RETRY_AFTER_SECONDS } from '../../platform/unavailable';
import { type ApiClientService, OauthRefusal } from './service';

export const OAUTH_TOKEN_PATH = '/dmp/oauth/token';
const FORM_TYPE = 'application/x-www-form-urlencoded';
/** Token requests per client address and minute: a client needs one every few minutes. */
export const OAUTH_TOKEN_RATE_LIMIT: RateLimitPolicy = { name: 'oauth-token', limit: 120, windowMs: 60_000 };

/** RFC 6749 appendix B: '+' is a space, then percent-decoding. */
const formDecode = (text: string): string => decodeURIComponent(text.replace(/\+/g, ' '));

/**
 * RFC 6749 section 2.3.1: `Basic base64(form-encoded id ":" form-encoded secret)`. Undefined without a
 * Basic header; null when it is there but cannot be read.
 */
const basicCredentials = (header: string | undefined) => {
  if (!header || !/^basic /i.test(header)) return undefined;
  try {
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return null;
    return {
      clientId: formDecode(decoded.slice(0, colon)),
      clientSecret: formDecode(decoded.slice(colon + 1)),
    };
  } catch {
    return null;
  }
};

/** A form body as an object; a parameter sent twice is refused (RFC 6749 section 3.2). */
const parseForm = (text: string): Record<string, string> => {
  const form: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    if (Object.hasOwn(form, name)) {
      throw Object.assign(new Error(`参数重复：${name}`), { oauthInvalidRequest: true });
    }
    // RFC 6749 section 3.1: parameters sent without a value are treated as omitted.
    if (value !== '') form[name] = value;
  }
  return form;
};

const sendOauthError = (reply: FastifyReply, status: number, body: OauthError) => {
  reply.code(status).header('cache-control', 'no-store').header('pragma', 'no-cache');
  if (status === 401) reply.header('www-authenticate', 'Basic realm="uniwim", charset="UTF-8"');
  return reply.send(body);
};

/**
 * `POST /dmp/oauth/token`, the client-credentials grant of RFC 6749 section 4.4. Unlike every other
 * route it answers in the RFC's shape (access_token, token_type, expires_in, scope; errors as
 * {error, error_description}) rather than the product's envelope, because OAuth client libraries
 * read exactly that (docs/decisions.md).
 */
export const oauthRoutes =
  (deps: { apiClients: ApiClientService; rateLimiter: RateLimiter }): FastifyPluginAsyncZod =>
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
        });
      }
      if ((error as { oauthInvalidRequest?: boolean }).oauthInvalidRequest) {
        return sendOauthError(reply, 400, {
          error: 'invalid_request',
          error_description: (error as Error).message,
        });
      }
      const appError = toAppError(error);
      if (appError.status === 503) {
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        return sendOauthError(reply, 503, {
          error: 'temporarily_unavailable',
          error_description: appError.message,
        });
      }
      if (appError.status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return sendOauthError(reply, 500, { error: 'server_error', error_description: appError.message });
      }
      // A body too large (413) or of another type (415) keeps its status; RFC clients read `error`.
      return sendOauthError(reply, appError.status, {
        error: appError.status === 429 ? 'slow_down' : 'invalid_request',
        error_description: appError.message,
      });
    });

    app.post(
      OAUTH_TOKEN_PATH,
      {
        schema: {
          tags: ['oauth'],
          summary:
            'Client-credentials grant (RFC 6749 section 4.4): a short-lived token for an API credential',
          description:
            `Body \`${FORM_TYPE}\` (as the RFC requires) or JSON: grant_type=client_credentials, and the ` +
            'client authenticated either by HTTP Basic (RFC 6749 section 2.3.1) or by client_id and ' +
            'client_secret in the body, not both. `scope` (space-separated) narrows the grant to some of ' +
            "the credential's scopes. Answers and errors follow the RFC, not the product's envelope: " +
            'invalid_client (401), invalid_request, unauthorized_client (address outside the allow-list), ' +
            'invalid_scope, unsupported_grant_type (400), slow_down (429, per client address: ' +
            `${OAUTH_TOKEN_RATE_LIMIT.limit} a minute). Use the token as \`Authorization: Bearer\` on the ` +
            'routes of its scopes.',
          consumes: [FORM_TYPE, 'application/json'],
          body: oauthTokenRequestSchema,
          response: {
            200: oauthTokenAnswerSchema,
            400: oauthErrorSchema,
            401: oauthErrorSchema,
            429: oauthErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const body = request.body;
        const basic = basicCredentials(request.headers.authorization);
        if (basic === null) throw new OauthRefusal('invalid_client', 401, '无法读取 Basic 认证信息');
        if (basic && body.client_secret !== undefined) {
          throw new OauthRefusal('invalid_request', 400, '客户端认证只能使用一种方式（Basic 或请求参数）');
        }
        if (basic && body.client_id !== undefined && body.client_id !== basic.clientId) {
          throw new OauthRefusal('invalid_request', 400, 'client_id 与 Basic 认证信息不一致');
        }
        if (body.grant_type === undefined) throw new OauthRefusal('invalid_request', 400, '缺少 grant_type');
        if (body.grant_type !== 'client_credentials') {
          throw new OauthRefusal('unsupported_grant_type', 400, '仅支持 client_credentials');
        }
        const decision = await deps.rateLimiter.consume(
          `${OAUTH_TOKEN_RATE_LIMIT.name}:${request.ip}`,
          OAUTH_TOKEN_RATE_LIMIT.limit,
          OAUTH_TOKEN_RATE_LIMIT.windowMs,
        );
        if (!decision.allowed) {
          reply.header('retry-after', String(retryAfterSecondsOf(decision)));
          throw new OauthRefusal(
            'slow_down',
            429,
            `请求过于频繁，请${retryAfterSecondsOf(decision)}秒后再试`,
          );
        }
        const clientId = basic?.clientId ?? body.client_id;
        const clientSecret = basic?.clientSecret ?? body.client_secret;
        if (!clientId || !clientSecret) throw new OauthRefusal('invalid_client', 401, '缺少客户端认证信息');

        const client = await deps.apiClients.findClient(clientId);
        if (client) markCaller(request, client);
        const answer = await deps.apiClients.issueToken(
          { clientId, clientSecret, scope: body.scope, ip: request.ip },
          client,
        );
        if (request.apiClientCall) request.apiClientCall.authenticated = true;
        reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
        return answer;
      },
    );
  };

/** Token requests of a known credential go to its access log, refused ones too (who tries its id?). */
const markCaller = (request: FastifyRequest, client: { id: string; ownerTenantId: string | null }): void => {
  request.apiClientCall = { clientId: client.id, tenantId: client.ownerTenantId, authenticated: false };
};
