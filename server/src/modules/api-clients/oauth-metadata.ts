import { API_SCOPE_CODES, type OauthServerMetadata, oauthServerMetadataSchema } from '@uniwim/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CLIENT_AUTH_METHODS } from './oauth-client-auth';

export const OAUTH_METADATA_PATH = '/.well-known/oauth-authorization-server';

/**
 * The issuer identifier (RFC 8414 section 2): PUBLIC_URL where it is set, else the origin the request
 * came to (behind a trusted proxy, the one the client used). Without a trailing slash, so the endpoints
 * are the issuer followed by their paths.
 */
export const issuerOf = (request: FastifyRequest, publicUrl: string | undefined): string =>
  (publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');

/**
 * `GET /.well-known/oauth-authorization-server` (RFC 8414): what a standard OAuth client discovers
 * before it asks for a token. The endpoint paths are passed in by the plugin that serves them.
 */
export const oauthMetadataRoutes =
  (deps: {
    publicUrl?: string | undefined;
    paths: { token: string; introspection: string; revocation: string };
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      OAUTH_METADATA_PATH,
      {
        schema: {
          tags: ['oauth'],
          summary: 'OAuth 2.0 authorization server metadata (RFC 8414) of the API credentials',
          description:
            "Plain JSON as the RFC defines it, not the product's envelope. The issuer is PUBLIC_URL, or " +
            'the origin the request came to when it is not set.',
          response: { 200: oauthServerMetadataSchema },
        },
      },
      async (request): Promise<OauthServerMetadata> => {
        const issuer = issuerOf(request, deps.publicUrl);
        return {
          issuer,
          token_endpoint: `${issuer}${deps.paths.token}`,
          introspection_endpoint: `${issuer}${deps.paths.introspection}`,
          revocation_endpoint: `${issuer}${deps.paths.revocation}`,
          grant_types_supported: ['client_credentials'],
          // No authorization endpoint: no response type is supported (RFC 8414 requires the member).
          response_types_supported: [],
          token_endpoint_auth_methods_supported: CLIENT_AUTH_METHODS,
          introspection_endpoint_auth_methods_supported: CLIENT_AUTH_METHODS,
          revocation_endpoint_auth_methods_supported: CLIENT_AUTH_METHODS,
          scopes_supported: [...API_SCOPE_CODES],
          service_documentation: `${issuer}/docs`,
        };
      },
    );
  };
