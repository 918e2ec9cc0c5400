import {
  changeTenantBodySchema,
  emptyBodySchema,
  envelopeSchema,
  tenantSwitchAnswerSchema,
  tenantUserOauthSchema,
} from '@uniwim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, sessionOf } from '../../platform/http/auth-guard';
import { ok } from '../../platform/http/envelope';
import type { RateLimiter, RateLimitPolicy } from '../../platform/rate-limit';
import { requestContext } from '../auth/request-context';
import type { TenantSwitch } from './service';

/** Switches per account and minute: a person switches now and then; each switch writes a session. */
export const TENANT_SWITCH_RATE_LIMIT: RateLimitPolicy = {
  name: 'tenant-switch',
  limit: 20,
  windowMs: 60_000,
};

const SWITCHED = '切换成功';

export const tenantSwitchRoutes =
  (deps: { tenantSwitch: TenantSwitch; auth: AuthGuard; rateLimiter: RateLimiter }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/dmp/getTenantUserOauth',
      {
        onRequest: deps.auth.required,
        schema: {
          tags: ['shell'],
          summary: 'Tenants the signed-in user may switch to',
          description:
            "The user's active memberships of enabled, unexpired tenants (platform administrators: every such " +
            'tenant), the current one flagged; canUsePlatformScope for platform administrators.',
          security: [{ bearer: [] }],
          response: { 200: envelopeSchema(tenantUserOauthSchema) },
        },
      },
      async (request) => ok(await deps.tenantSwitch.options(sessionOf(request))),
    );

    const switchTo = (mode: 'replace' | 'add', summary: string, description: string, path: string) =>
      app.post(
        path,
        {
          onRequest: deps.auth.required,
          schema: {
            tags: ['shell'],
            summary,
            description,
            security: [{ bearer: [] }],
            body: changeTenantBodySchema,
            response: { 200: envelopeSchema(tenantSwitchAnswerSchema) },
          },
        },
        async (request) => {
          const session = sessionOf(request);
          await deps.rateLimiter.enforceFor(TENANT_SWITCH_RATE_LIMIT, session.accountId);
          const switched = await deps.tenantSwitch.toTenant(
            session,
            request.body.tenantId,
            mode,
            requestContext(request),
          );
          return ok(switched, SWITCHED);
        },
      );

    switchTo(
      'replace',
      'Switch the session to another tenant (the shell\'s "切换租户")',
      'Answers a new token pair scoped to the tenant; the old token and its refresh token stop working ' +
        'at once, on every instance. The sign-in keeps its end (the refresh token expires when the old one ' +
        'would have). NOT_A_MEMBER, TENANT_DISABLED, TENANT_EXPIRED when the tenant cannot be entered.',
      '/dmp/changeTenant',
    );
    switchTo(
      'add',
      "A token of another of the user's tenants, keeping the caller's token (token exchange)",
      'For an application of another tenant opened beside the shell (a frame or a new window): answers a ' +
        "token pair scoped to the tenant while the caller's token keeps working. Both belong to the same " +
        'sign-in, so signing out ends both. Same refusals as /dmp/changeTenant.',
      '/dmp/changeTenantToken',
    );

    app.post(
      '/dmp/changePlatformToken',
      {
        onRequest: deps.auth.required,
        schema: {
          tags: ['shell'],
          summary: 'Switch the session to the platform scope (platform administrators)',
          description:
            'Answers a new token pair with tenantId null; the old token stops working. FORBIDDEN for anyone ' +
            'but a platform administrator. Body: none or {}.',
          security: [{ bearer: [] }],
          body: emptyBodySchema,
          response: { 200: envelopeSchema(tenantSwitchAnswerSchema) },
        },
      },
      async (request) => {
        const session = sessionOf(request);
        await deps.rateLimiter.enforceFor(TENANT_SWITCH_RATE_LIMIT, session.accountId);
        return ok(await deps.tenantSwitch.toPlatform(session, requestContext(request)), SWITCHED);
      },
    );
  };
