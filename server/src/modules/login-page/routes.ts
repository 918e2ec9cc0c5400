import { defaultLoginConfig, type LoginConfig } from '@uniwim/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { withScriptSources } from '../../platform/http/security-headers';
import type { LoginConfigService } from '../login-config/service';
import type { TenantSettingsService } from '../tenant-settings/service';
import type { TenantService } from '../tenants/service';
import { createLoginPageTemplateSource, type LoginPageTemplate } from './page-template';
import { renderLoginPage } from './render-login-page';

export interface LoginPageRouteDeps {
  tenants: TenantService;
  loginConfig: LoginConfigService;
  webDistDir: string;
  /** Drafts of the tenant settings designer (issue 13): `?preview=<id>` renders the draft's look. */
  tenantSettings: Pick<TenantSettingsService, 'previewConfig'>;
}

/** The longest tenant code or id GET /ump/cfg-encrypt accepts; a longer one is no tenant. */
const MAX_TENANT_PARAM_LENGTH = 100;

/** `?tenant=` as the page reads it (login-config-source.ts): the first value, trimmed, empty is none. */
const tenantParamOf = (query: unknown, name = 'tenant'): string | undefined => {
  const raw = (query as Record<string, unknown> | undefined)?.[name];
  const value = (Array.isArray(raw) ? raw[0] : raw) as unknown;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

/**
 * GET /login.html answers the built page filled in with the tenant's look (by `?tenant=`, else the
 * Host, as GET /ump/cfg-encrypt decides), so a phone paints it before the page's scripts have arrived.
 * The page's scripts still load the configuration themselves (spec section 4: after clearing the old
 * session), and replace this rendering with the interface.
 */
export const loginPageRoutes =
  ({ tenants, loginConfig, webDistDir, tenantSettings }: LoginPageRouteDeps): FastifyPluginAsync =>
  async (app) => {
    const currentTemplate = createLoginPageTemplateSource(webDistDir);
    if (!(await currentTemplate())) {
      app.log.warn({ webDistDir }, 'login.html is not built as expected; it is served as a plain file');
      return;
    }
    // Each effective configuration is cached by its service until it changes: render it once per build.
    const rendered = new WeakMap<LoginConfig, { template: LoginPageTemplate; html: string }>();
    const pageFor = (template: LoginPageTemplate, config: LoginConfig): string => {
      const cached = rendered.get(config);
      if (cached?.template === template) return cached.html;
      const html = renderLoginPage(template, config);
      rendered.set(config, { template, html });
      return html;
    };
    const unknownTenantConfig = defaultLoginConfig();

    const configFor = async (
      host: string | undefined,
      tenantParam: string | undefined,
      previewParam: string | undefined,
    ) => {
      if (tenantParam !== undefined && tenantParam.length > MAX_TENANT_PARAM_LENGTH)
        return unknownTenantConfig;
      const tenant = await tenants.resolveForPage(host, tenantParam);
      // An unknown ?tenant= is TENANT_NOT_FOUND to the page, which then shows the default look.
      if (tenantParam !== undefined && !tenant) return unknownTenantConfig;
      if (previewParam !== undefined && tenant) {
        const draft = await tenantSettings.previewConfig(previewParam, tenant.id);
        if (draft) return draft;
      }
      return (await loginConfig.effective(tenant?.id ?? null)).config;
    };

    app.get('/login.html', { schema: { hide: true } }, async (request, reply) => {
      const template = await currentTemplate();
      // A build removed while running: the plain file, if any, as the other pages.
      if (!template) return reply.sendFile('login.html');
      let html: string;
      try {
        const query = request.query;
        html = pageFor(
          template,
          await configFor(request.headers.host, tenantParamOf(query), tenantParamOf(query, 'preview')),
        );
      } catch (error) {
        // The page must open whatever happens: without the look, its scripts load the configuration.
        request.log.warn({ err: error }, 'login.html served without the tenant look');
        html = template.html;
      }
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string')
        reply.header('content-security-policy', withScriptSources(policy, template.scriptSources));
      // The answer depends on the tenant configuration of this moment: never reused without asking.
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    });
  };
