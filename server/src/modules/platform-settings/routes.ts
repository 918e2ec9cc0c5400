import {
  envelopeSchema,
  listAnswerSchemaOf,
  platformSettingsAnswerSchema,
  platformSettingsHistoryEntrySchema,
  platformSettingsHistoryQuerySchema,
  platformSettingsRollbackSchema,
  platformSettingsSaveSchema,
} from '@uniwim/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminGuard } from '../../platform/admin/admin-guard';
import type { Database } from '../../platform/db/database';
import { ok } from '../../platform/http/envelope';
import type { PermissionService } from '../platform-access/service';
import type { PlatformSettingsService } from './service';

export interface PlatformSettingsRouteDeps {
  db: Database;
  permissions: PermissionService;
  auth: { required(request: FastifyRequest): Promise<void> };
  platformSettings: PlatformSettingsService;
}

const BASE = '/dmp/admin/platform-settings';

/**
 * The platform settings page's API (issue 12, /dmpSysConfigManagement): one record of typed groups
 * rather than a list, so it has routes of its own under the admin guard (token, then the code).
 */
export const platformSettingsRoutes =
  (deps: PlatformSettingsRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { guard, actorOf } = adminGuard(deps, 'dmp');
    const tags = ['admin: platform-settings'];
    const security = [{ bearer: [] }];

    app.get(
      BASE,
      {
        ...guard('platform-settings:read'),
        schema: {
          tags,
          summary:
            'The platform settings with their version, and the SMS provider status (never its secrets)',
          security,
          response: { 200: envelopeSchema(platformSettingsAnswerSchema) },
        },
      },
      async () => ok(await deps.platformSettings.read()),
    );

    app.put(
      BASE,
      {
        ...guard('platform-settings:update'),
        schema: {
          tags,
          summary: 'Replace one or more whole groups; a stale version answers 409 VERSION_CONFLICT',
          description:
            'A value past its own bound answers 422 SETTING_OUT_OF_RANGE with the field and the bound in ' +
            'Details. Each save is a new version: history row with the full snapshot and an operation-log ' +
            'row with the field diff, in one transaction.',
          security,
          body: platformSettingsSaveSchema,
          response: { 200: envelopeSchema(platformSettingsAnswerSchema) },
        },
      },
      async (request) => ok(await deps.platformSettings.save(request.body, actorOf(request)), '保存成功'),
    );

    app.get(
      `${BASE}/history`,
      {
        ...guard('platform-settings:read'),
        schema: {
          tags,
          summary: 'Saved versions, newest first, each with who, when and its field diff',
          security,
          querystring: platformSettingsHistoryQuerySchema,
          response: { 200: envelopeSchema(listAnswerSchemaOf(platformSettingsHistoryEntrySchema)) },
        },
      },
      async (request) => ok(await deps.platformSettings.history(request.query.page, request.query.pageSize)),
    );

    app.post(
      `${BASE}/rollback`,
      {
        ...guard('platform-settings:update'),
        schema: {
          tags,
          summary: "Make an earlier version's values current again, as a new version",
          security,
          body: platformSettingsRollbackSchema,
          response: { 200: envelopeSchema(platformSettingsAnswerSchema) },
        },
      },
      async (request) => ok(await deps.platformSettings.rollback(request.body, actorOf(request)), '已回滚'),
    );
  };
