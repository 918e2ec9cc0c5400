import {
  envelopeSchema,
  searchAnalyticsAnswerSchema,
  searchAnalyticsQuerySchema,
  searchAnswerSchema,
  searchHotWordsAnswerSchema,
  searchQuerySchema,
  searchSettingsAnswerSchema,
  searchSettingsSaveSchema,
} from '@uniwim/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminGuard } from '../../platform/admin/admin-guard';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { AuthGuard } from '../../platform/http/auth-guard';
import { ok } from '../../platform/http/envelope';
import type { Operator, PermissionService } from '../platform-access/service';
import type { TenantService } from '../tenants/service';
import type { SearchModule } from './module';
import type { StoredSettings } from './settings';
import type { SearchViewer } from './source';

export interface SearchRouteDeps {
  db: Database;
  permissions: PermissionService;
  auth: AuthGuard;
  tenants: TenantService;
  search: SearchModule;
}

const BASE = '/ump/admin/search-settings';

const tenantOf = (operator: Operator): string => {
  if (!operator.tenantId) throw new AppError('FORBIDDEN', '请先切换到要管理的租户');
  return operator.tenantId;
};

/**
 * The header search (GET /ump/search, GET /ump/search/hot-words) and the search settings page
 * (/searchSet at /ump/admin/search-settings, issue 14).
 */
export const searchRoutes =
  (deps: SearchRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { search } = deps;
    const { guard, operatorOf, actorOf } = adminGuard(deps, 'ump');
    const security = [{ bearer: [] }];

    /** Signed in: the active tenant; a visitor: the page's tenant from `tenant` or the Host domain. */
    const viewerOf = async (
      request: FastifyRequest,
      shell: SearchViewer['shell'],
      tenantParam: string | undefined,
    ): Promise<SearchViewer> => {
      const session = request.session;
      if (session) return { session, tenantId: session.tenantId, pageTenant: null, shell };
      const pageTenant = await deps.tenants.resolveForPage(request.headers.host, tenantParam);
      if (tenantParam && !pageTenant) throw new AppError('TENANT_NOT_FOUND');
      return { session: null, tenantId: pageTenant?.id ?? null, pageTenant, shell };
    };

    const answerOf = async (tenantId: string, stored: StoredSettings) => {
      const status = await search.repo.status(tenantId);
      return {
        ...stored,
        sources: search.sources.map((source) => ({
          source: source.name,
          title: source.title,
          description: source.description,
          shells: [...source.shells],
          defaultWeight: source.defaultWeight,
          documents: status.get(source.name)?.documents ?? 0,
          pending: status.get(source.name)?.pending ?? 0,
        })),
      };
    };

    app.get(
      '/ump/search',
      {
        onRequest: deps.auth.optional,
        schema: {
          tags: ['search'],
          summary: 'The header search: what the user may see, grouped by source, with highlights',
          description:
            "Tokenised like the index (Chinese bigrams, dictionary words, Latin words, pinyin initials of names: 'sbgl' " +
            "finds 设备管理). index.html's search (shell=index) finds the menu items of the user's menu tree and " +
            "their applications; admin.html's (shell=admin) the console pages the user's admin menu shows. Without " +
            "a token: the public items of the page's tenant (`tenant`, else the Host domain). Sources the tenant's " +
            'settings turned off are not asked; their weights order the groups.',
          querystring: searchQuerySchema,
          response: { 200: envelopeSchema(searchAnswerSchema) },
        },
      },
      async (request) => {
        const { q, shell, limit, tenant } = request.query;
        const viewer = await viewerOf(request, shell, tenant);
        return ok(await search.service.search(viewer, { q, limit }));
      },
    );

    app.get(
      '/ump/search/hot-words',
      {
        onRequest: deps.auth.optional,
        schema: {
          tags: ['search'],
          summary: 'The hot words shown under the search box (the tenant’s search settings)',
          querystring: z.object({
            tenant: z.string().min(1).max(100).optional(),
            uniwater_utoken: z.string().max(1000).optional(),
            token: z.string().max(1000).optional(),
          }),
          response: { 200: envelopeSchema(searchHotWordsAnswerSchema) },
        },
      },
      async (request) => {
        const viewer = await viewerOf(request, 'index', request.query.tenant);
        return ok({ hotWords: await search.service.hotWords(viewer.tenantId) });
      },
    );

    app.get(
      BASE,
      {
        ...guard('search-settings:read'),
        schema: {
          tags: ['admin: search-settings'],
          summary: "The active tenant's search settings, with every source and its index figures",
          security,
          response: { 200: envelopeSchema(searchSettingsAnswerSchema) },
        },
      },
      async (request) => {
        const tenantId = tenantOf(operatorOf(request));
        return ok(await answerOf(tenantId, await search.settings.read(tenantId)));
      },
    );

    app.put(
      BASE,
      {
        ...guard('search-settings:update'),
        schema: {
          tags: ['admin: search-settings'],
          summary: 'Replace the search settings (sources on or off, weights, synonyms, hot words)',
          description:
            'A stale version answers 409 VERSION_CONFLICT; a source that is not registered 400 ' +
            'SEARCH_SOURCE_UNKNOWN; a word in two synonym groups 400 VALIDATION_FAILED naming it. Every ' +
            "instance's searches use the saved settings at once.",
          security,
          body: searchSettingsSaveSchema,
          response: { 200: envelopeSchema(searchSettingsAnswerSchema) },
        },
      },
      async (request) => {
        const tenantId = tenantOf(operatorOf(request));
        const saved = await search.settings.save(tenantId, request.body, actorOf(request));
        return ok(await answerOf(tenantId, saved), '保存成功');
      },
    );

    app.get(
      `${BASE}/analytics`,
      {
        ...guard('search-settings:read'),
        schema: {
          tags: ['admin: search-settings'],
          summary: "What the tenant's users searched: top queries and queries without results",
          description: 'Figures are written every few seconds: a search shows here within about 5 s.',
          security,
          querystring: searchAnalyticsQuerySchema,
          response: { 200: envelopeSchema(searchAnalyticsAnswerSchema) },
        },
      },
      async (request) =>
        ok(
          await search.analytics.read(tenantOf(operatorOf(request)), request.query.days, request.query.limit),
        ),
    );
  };
