import {
  envelopeSchema,
  listAnswerSchemaOf,
  TENANT_PRIVATE_POLICY_DEFAULTS,
  tenantImageAnswerSchema,
  tenantImageUploadSchema,
  tenantLookPreviewAnswerSchema,
  tenantLookPreviewSchema,
  tenantSettingsAnswerSchema,
  tenantSettingsHistoryEntrySchema,
  tenantSettingsHistoryQuerySchema,
  tenantSettingsRollbackSchema,
  tenantSettingsSaveSchema,
  watermarkPolicyOf,
  watermarkPolicySchema,
} from '@uniwim/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminGuard } from '../../platform/admin/admin-guard';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { sessionOf } from '../../platform/http/auth-guard';
import { ok } from '../../platform/http/envelope';
import type { Operator, PermissionService } from '../platform-access/service';
import type { TenantImages } from './images';
import { IMAGE_FILE_PATTERN } from './images';
import type { TenantSettingsService } from './service';

export interface TenantSettingsRouteDeps {
  db: Database;
  permissions: PermissionService;
  auth: { required(request: FastifyRequest): Promise<void> };
  tenantSettings: TenantSettingsService;
  tenantImages: TenantImages;
}

const BASE = '/ump/admin/tenant-settings';
const SECURITY_CODE = 'tenant-settings:security';

/** The operator's active tenant: the only one these routes ever act on. */
const tenantOf = (operator: Operator): string => {
  if (!operator.tenantId) throw new AppError('FORBIDDEN', '请先切换到要管理的租户');
  return operator.tenantId;
};

const requireSecurityCode = (operator: Operator) => {
  if (!operator.codes.has(SECURITY_CODE))
    throw new AppError('FORBIDDEN', `没有访问权限：缺少权限 ${SECURITY_CODE}`, {
      missingPermission: SECURITY_CODE,
    });
};

/**
 * The tenant settings page's API (issue 13, /tenantSettings): one record of typed groups of the
 * operator's active tenant, so it has routes of its own under the admin guard (token, then the code).
 * The security policy needs tenant-settings:security besides tenant-settings:update.
 */
export const tenantSettingsRoutes =
  (deps: TenantSettingsRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { guard, operatorOf, actorOf } = adminGuard(deps, 'ump');
    const tags = ['admin: tenant-settings'];
    const security = [{ bearer: [] }];

    app.get(
      BASE,
      {
        ...guard('tenant-settings:read'),
        schema: {
          tags,
          summary: "The active tenant's settings with their version and the platform's floors",
          security,
          response: { 200: envelopeSchema(tenantSettingsAnswerSchema) },
        },
      },
      async (request) => ok(await deps.tenantSettings.read(tenantOf(operatorOf(request)))),
    );

    app.put(
      BASE,
      {
        ...guard('tenant-settings:update'),
        schema: {
          tags,
          summary: 'Replace one or more whole groups (publishes the look); a stale version answers 409',
          description:
            'A wrong value answers 400 VALIDATION_FAILED naming the fields; a policy value past the ' +
            "platform's floors 400 BELOW_PLATFORM_FLOOR naming the field and the floor. The security " +
            'group needs tenant-settings:security. Every instance serves the saved look at once.',
          security,
          body: tenantSettingsSaveSchema,
          response: { 200: envelopeSchema(tenantSettingsAnswerSchema) },
        },
      },
      async (request) => {
        const operator = operatorOf(request);
        if (request.body.security !== undefined || request.body.forcePasswordChangeForMembers)
          requireSecurityCode(operator);
        return ok(
          await deps.tenantSettings.save(tenantOf(operator), request.body, actorOf(request)),
          '保存成功',
        );
      },
    );

    app.get(
      `${BASE}/history`,
      {
        ...guard('tenant-settings:read'),
        schema: {
          tags,
          summary: 'Saved versions, newest first, each with who, when and its field diff',
          security,
          querystring: tenantSettingsHistoryQuerySchema,
          response: { 200: envelopeSchema(listAnswerSchemaOf(tenantSettingsHistoryEntrySchema)) },
        },
      },
      async (request) =>
        ok(
          await deps.tenantSettings.history(
            tenantOf(operatorOf(request)),
            request.query.page,
            request.query.pageSize,
          ),
        ),
    );

    app.post(
      `${BASE}/rollback`,
      {
        ...guard('tenant-settings:update'),
        schema: {
          tags,
          summary: "Make an earlier version's values current again, as a new version",
          description: 'Restores the security policy too, so it needs tenant-settings:security as well.',
          security,
          body: tenantSettingsRollbackSchema,
          response: { 200: envelopeSchema(tenantSettingsAnswerSchema) },
        },
      },
      async (request) => {
        const operator = operatorOf(request);
        requireSecurityCode(operator);
        return ok(
          await deps.tenantSettings.rollback(tenantOf(operator), request.body, actorOf(request)),
          '已回滚',
        );
      },
    );

    app.post(
      `${BASE}/preview`,
      {
        ...guard('tenant-settings:update'),
        schema: {
          tags,
          summary:
            'Keep a draft of the look for 30 minutes; login.html?preview=<id> shows it, nothing is published',
          security,
          body: tenantLookPreviewSchema,
          response: { 200: envelopeSchema(tenantLookPreviewAnswerSchema) },
        },
      },
      async (request) =>
        ok(await deps.tenantSettings.preview(tenantOf(operatorOf(request)), request.body.signInLook)),
    );

    app.post(
      `${BASE}/images`,
      {
        ...guard('tenant-settings:update'),
        // Base64 of the largest image allowed, with room for the JSON around it.
        bodyLimit: 2 * 1024 * 1024,
        schema: {
          tags,
          summary: "Upload an image into the tenant's files (PNG, JPEG, GIF, WebP or ICO, at most 1 MB)",
          description:
            "Stored by the files module (the same as POST /ump/admin/files/upload?purpose=image): the answer's url is /ump/files/<id>. The type is read from the bytes; anything else answers 415.",
          security,
          body: tenantImageUploadSchema,
          response: { 200: envelopeSchema(tenantImageAnswerSchema) },
        },
      },
      async (request) => {
        const operator = operatorOf(request);
        const saved = await deps.tenantImages.save(tenantOf(operator), {
          base64: request.body.data,
          fileName: request.body.fileName,
          uploadedBy: operator.accountId,
          uploadedByName: operator.name,
        });
        return ok(saved, '上传成功');
      },
    );

    app.get(
      '/ump/watermark',
      {
        onRequest: deps.auth.required,
        schema: {
          tags: ['configuration'],
          summary: "The shell's watermark as the active tenant's security policy sets it",
          description:
            'Without an active tenant (the platform), the default watermark: on, name and masked mobile.',
          security,
          response: { 200: envelopeSchema(watermarkPolicySchema) },
        },
      },
      async (request) => {
        const tenantId = sessionOf(request).tenantId;
        const policy = tenantId
          ? await deps.tenantSettings.privatePolicy(tenantId)
          : TENANT_PRIVATE_POLICY_DEFAULTS;
        return ok(watermarkPolicyOf(policy));
      },
    );

    app.get(
      '/ump/tenant-files/:tenantId/:file',
      {
        schema: {
          tags: ['configuration'],
          summary:
            "An image of a tenant's sign-in page uploaded before the files module (public: anonymous visitors see it)",
          params: z.object({
            tenantId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
            file: z.string().regex(IMAGE_FILE_PATTERN),
          }),
        },
      },
      async (request, reply) => {
        const image = await deps.tenantImages.read(request.params.tenantId, request.params.file);
        if (!image) throw new AppError('NOT_FOUND', '图片不存在');
        // Named by their content's hash: a name always means the same bytes.
        return reply
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .type(image.type)
          .send(image.bytes);
      },
    );
  };
