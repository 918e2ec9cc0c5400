import type { FastifyInstance } from 'fastify';
import type { RateLimiter } from '../../platform/rate-limit';
import { oauthMetadataRoutes } from './oauth-metadata';
import {
  OAUTH_INTROSPECTION_PATH,
  OAUTH_REVOCATION_PATH,
  OAUTH_TOKEN_PATH,
  oauthRoutes,
} from './oauth-routes';
import type { ApiClientService } from './service';
import type { ApiUsageRecorder } from './usage-recorder';

declare module 'fastify' {
  interface FastifyRequest {
    /** A token request of a known credential: its access log row, counted as a use once authenticated. */
    apiClientCall: { clientId: string; tenantId: string | null; authenticated: boolean } | null;
    /** The scope the route asked of the credential (issue 16: the API call log shows it). */
    apiClientScope: string | null;
  }
}

/**
 * API credentials on the HTTP side: the OAuth endpoints (token, introspection, revocation, metadata), and an access-log row (route, status,
 * duration, client, address) for every request a credential made, on any route, refused or not.
 * Registered before the other routes, so the hook covers all of them.
 */
export const registerApiClientAccess = async (
  server: FastifyInstance,
  deps: {
    apiClients: ApiClientService;
    apiUsage: ApiUsageRecorder;
    rateLimiter: RateLimiter;
    /** The issuer of the OAuth metadata when set (PUBLIC_URL); else the request's origin. */
    publicUrl?: string | undefined;
  },
): Promise<void> => {
  server.decorateRequest('apiClient', null);
  server.decorateRequest('apiClientCall', null);
  server.decorateRequest('apiClientScope', null);
  server.addHook('onResponse', async (request, reply) => {
    const caller = request.apiClient;
    const call =
      request.apiClientCall ??
      (caller ? { clientId: caller.clientId, tenantId: caller.tenantId, authenticated: true } : null);
    if (!call) return;
    const path = request.url.split('?')[0] ?? request.url;
    deps.apiUsage.record({
      ...call,
      method: request.method,
      route: request.routeOptions.url ?? path,
      scope: request.apiClientScope,
      path,
      status: reply.statusCode,
      durationMs: reply.elapsedTime,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
    });
  });
  // After the last request: the calls it logged are written too.
  server.addHook('onClose', async () => {
    await deps.apiUsage.close();
  });
  await server.register(oauthRoutes(deps));
  await server.register(
    oauthMetadataRoutes({
      publicUrl: deps.publicUrl,
      paths: {
        token: OAUTH_TOKEN_PATH,
        introspection: OAUTH_INTROSPECTION_PATH,
        revocation: OAUTH_REVOCATION_PATH,
      },
    }),
  );
};
