import {
  envelopeSchema,
  loginStatisticsSchema,
  rollupRebuildAnswerSchema,
  rollupRebuildSchema,
  statisticsQuerySchema,
  tenantLogRetentionSaveSchema,
  tenantLogRetentionSchema,
  visitStatisticsSchema,
} from '@uniwim/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminGuard } from '../../platform/admin/admin-guard';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { ok } from '../../platform/http/envelope';
import type { Operator, PermissionService } from '../platform-access/service';
import type { StatisticsScope } from './dashboard-repo';
import type { StatisticsService } from './service';

export interface StatisticsRouteDeps {
  db: Database;
  permissions: PermissionService;
  auth: { required(request: FastifyRequest): Promise<void> };
  statistics: StatisticsService;
}

const VIEW = 'statistics:view';

/** A tenant page's scope: only the operator's active tenant, whatever the query names. */
const tenantScopeOf = (operator: Operator, askedTenant: string | undefined): StatisticsScope => {
  if (!operator.tenantId) throw new AppError('FORBIDDEN', '请先切换到要管理的租户');
  if (askedTenant !== undefined && askedTenant !== operator.tenantId)
    throw new AppError('FORBIDDEN', '只能查看本租户的统计');
  return { kind: 'tenant', tenantId: operator.tenantId };
};

/**
 * /loginStatistics and /systemVisitStatistics (issue 16): a tenant's figures under /ump, all
 * tenants' (or one tenant's, drilled down) under /dmp; the rebuild of a day's rollup and the tenant's
 * log retention.
 */
export const statisticsRoutes =
  (deps: StatisticsRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tenantGuard = adminGuard(deps, 'ump');
    const platformGuard = adminGuard(deps, 'dmp');
    const tags = ['admin: statistics'];
    const security = [{ bearer: [] }];
    const periodHelp =
      "from and to are days (YYYY-MM-DD) of the answer's timeZone (the tenant's; the platform's for all " +
      'tenants), inclusive, default the last 30 days ending on its today; at most 366 ' +
      'days, else 422 STATISTICS_PERIOD_INVALID. Past days come from the daily rollups, today is computed ' +
      'live. Each figure comes with the same figure of the period just before.';

    for (const [scope, guard] of [
      ['ump', tenantGuard],
      ['dmp', platformGuard],
    ] as const) {
      const scopeOf = (request: FastifyRequest, tenantId: string | undefined): StatisticsScope =>
        scope === 'ump'
          ? tenantScopeOf(guard.operatorOf(request), tenantId)
          : { kind: 'platform', tenantId: tenantId ?? null };
      const who = scope === 'ump' ? "the operator's active tenant" : 'all tenants (or the tenantId given)';

      app.get(
        `/${scope}/admin/statistics/login`,
        {
          ...guard.guard(VIEW),
          schema: {
            tags,
            summary: `Sign-in statistics of ${who}: KPIs, active users, daily line, hour × weekday, splits, provinces`,
            description: periodHelp,
            security,
            querystring: statisticsQuerySchema,
            response: { 200: envelopeSchema(loginStatisticsSchema) },
          },
        },
        async (request) =>
          ok(await deps.statistics.login(scopeOf(request, request.query.tenantId), request.query)),
      );

      app.get(
        `/${scope}/admin/statistics/visits`,
        {
          ...guard.guard(VIEW),
          schema: {
            tags,
            summary: `Visit statistics of ${who}: page views, visitors, applications and menus ranked`,
            description: `${periodHelp} applicationId narrows the menu ranking to one application.`,
            security,
            querystring: statisticsQuerySchema,
            response: { 200: envelopeSchema(visitStatisticsSchema) },
          },
        },
        async (request) =>
          ok(await deps.statistics.visits(scopeOf(request, request.query.tenantId), request.query)),
      );
    }

    app.post(
      '/dmp/admin/statistics/rollups',
      {
        ...platformGuard.guard('statistics:rebuild'),
        schema: {
          tags,
          summary: 'Rebuild the daily rollup of one past day from the raw logs',
          description:
            'The day is replaced whole in one transaction. Today answers 422 STATISTICS_DAY_NOT_PAST (it is ' +
            'computed live); a day whose raw logs were removed by retention 409 STATISTICS_RAW_LOGS_EXPIRED.',
          security,
          body: rollupRebuildSchema,
          response: { 200: envelopeSchema(rollupRebuildAnswerSchema) },
        },
      },
      async (request) => ok(await deps.statistics.rebuild(request.body.day), '统计已重建'),
    );

    app.get(
      '/ump/admin/statistics/retention',
      {
        ...tenantGuard.guard(VIEW),
        schema: {
          tags,
          summary: "The tenant's log retention and the platform's maximums",
          security,
          response: { 200: envelopeSchema(tenantLogRetentionSchema) },
        },
      },
      async (request) =>
        ok(
          await deps.statistics.retention(
            tenantScopeOf(tenantGuard.operatorOf(request), undefined).tenantId!,
          ),
        ),
    );

    app.put(
      '/ump/admin/statistics/retention',
      {
        ...tenantGuard.guard('log-retention:update'),
        schema: {
          tags,
          summary: "Set the tenant's log retention (days), within the platform's maximums",
          description: 'A value above the maximum answers 422 LOG_RETENTION_ABOVE_MAXIMUM.',
          security,
          body: tenantLogRetentionSaveSchema,
          response: { 200: envelopeSchema(tenantLogRetentionSchema) },
        },
      },
      async (request) => {
        const tenantId = tenantScopeOf(tenantGuard.operatorOf(request), undefined).tenantId!;
        await deps.statistics.saveRetention(tenantId, request.body);
        return ok(await deps.statistics.retention(tenantId), '保存成功');
      },
    );
  };
