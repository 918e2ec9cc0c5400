import { envelopeSchema, loginConfigOverrideSchema, loginConfigSchema } from '@uniwim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import type { AuthGuard } from '../../platform/http/auth-guard';
import { sessionOf } from '../../platform/http/auth-guard';
import { ok, sendJsonText } from '../../platform/http/envelope';
import type { AccessService } from '../access/service';
import type { MenusRepo } from '../menus/repo';
import type { TenantSettingsService } from '../tenant-settings/service';
import type { TenantService } from '../tenants/service';
import type { UsersRepo } from '../users/repo';
import type { LoginConfigService } from './service';

export interface LoginConfigRouteDeps {
  loginConfig: LoginConfigService;
  tenants: TenantService;
  menus: MenusRepo;
  auth: AuthGuard;
  access: AccessService;
  /** Drafts of the tenant settings designer (issue 13), shown by the preview before anything is published. */
  tenantSettings: Pick<
    TenantSettingsService,
    'previewConfig' | 'encodedPreviewEnvelope' | 'replaceLoginOverride'
  >;
  users: Pick<UsersRepo, 'findAccount'>;
}

export const loginConfigRoutes =
  ({
    loginConfig,
    tenants,
    menus,
    auth,
    access,
    tenantSettings,
    users,
  }: LoginConfigRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/ump/cfg-encrypt',
      {
        schema: {
          tags: ['configuration'],
          summary: 'Sign-in page configuration for anonymous visitors',
          description:
            'The tenant is taken from the `tenant` query parameter (code or id), else from a domain the ' +
            'tenant owns (Host header), else the platform default applies. Response is base64 of the ' +
            'UTF-8 JSON configuration: an encoding, not a security boundary. The configuration is ' +
            'public and never holds a secret.',
          querystring: z.object({
            tenant: z.string().min(1).max(100).optional(),
            /** A draft of the tenant settings designer: its look instead of the published one. */
            preview: z.string().min(1).max(100).optional(),
          }),
          response: { 200: envelopeSchema(z.string()) },
        },
      },
      async (request, reply) => {
        const tenant = await tenants.resolveForPage(request.headers.host, request.query.tenant);
        if (request.query.tenant && !tenant) throw new AppError('TENANT_NOT_FOUND');
        if (request.query.preview && tenant) {
          const draft = await tenantSettings.previewConfig(request.query.preview, tenant.id);
          if (draft) return sendJsonText(reply, tenantSettings.encodedPreviewEnvelope(draft));
        }
        const { encodedEnvelopeJson } = await loginConfig.effective(tenant?.id ?? null);
        sendJsonText(reply, encodedEnvelopeJson);
      },
    );

    app.get(
      '/ump/cfg',
      {
        onRequest: auth.required,
        schema: {
          tags: ['configuration'],
          summary: "Configuration of the signed-in user's active tenant",
          security: [{ bearer: [] }],
          response: { 200: envelopeSchema(loginConfigSchema) },
        },
      },
      async (request) => ok((await loginConfig.effective(sessionOf(request).tenantId)).config),
    );

    app.get(
      '/dmp/tenant/sysConfig/get',
      {
        onRequest: auth.required,
        schema: {
          tags: ['configuration'],
          summary: 'Configuration of the active tenant as seen from one of its menus',
          description: 'The menu must belong to an application the active tenant is empowered to use.',
          security: [{ bearer: [] }],
          querystring: z.object({ menuId: z.string().min(1).max(100) }),
          response: {
            200: envelopeSchema(loginConfigSchema.extend({ menuId: z.string(), applicationId: z.string() })),
          },
        },
      },
      async (request) => {
        const session = sessionOf(request);
        if (!session.tenantId) throw new AppError('MENU_NOT_FOUND');
        const menu = await menus.findEmpoweredMenu(session.tenantId, request.query.menuId);
        if (!menu) throw new AppError('MENU_NOT_FOUND');
        const { config } = await loginConfig.effective(session.tenantId);
        return ok({ ...config, menuId: menu.id, applicationId: menu.applicationId });
      },
    );

    app.post(
      '/dmp/tenant/sysConfig/save',
      {
        onRequest: auth.required,
        schema: {
          tags: ['configuration'],
          summary: "Replace the active tenant's sign-in configuration override (tenant admins)",
          description:
            'Fields left out take the platform default. Held to the platform floors (400 BELOW_PLATFORM_FLOOR) ' +
            'and recorded in the tenant settings history; every instance sees the change at once.',
          security: [{ bearer: [] }],
          body: loginConfigOverrideSchema,
          response: { 200: envelopeSchema(loginConfigSchema) },
        },
      },
      async (request) => {
        const session = sessionOf(request);
        const tenantId = await access.assertTenantAdmin(session);
        // The tenant settings page's rules apply here too: the platform's floors, the customCss
        // review, a numbered version in the history and an operation-log row.
        const account = await users.findAccount(session.accountId);
        await tenantSettings.replaceLoginOverride(tenantId, request.body, {
          accountId: session.accountId,
          name: account?.name ?? session.accountId,
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
          requestId: request.id,
        });
        return ok((await loginConfig.effective(tenantId)).config, '保存成功');
      },
    );

    app.post(
      '/ump/cfg/platform/save',
      {
        onRequest: auth.required,
        schema: {
          tags: ['configuration'],
          summary: 'Replace the platform default sign-in configuration (platform admins)',
          security: [{ bearer: [] }],
          body: loginConfigOverrideSchema,
          response: { 200: envelopeSchema(loginConfigSchema) },
        },
      },
      async (request) => {
        await access.assertPlatformAdmin(sessionOf(request));
        await loginConfig.setPlatformDefault(request.body);
        return ok((await loginConfig.effective(null)).config, '保存成功');
      },
    );
  };
