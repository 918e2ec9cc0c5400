import { envelopeSchema, fileQuotaBodySchema, tenantFileQuotaSchema } from '@uniwim/contracts';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { tenants } from '../../db/schema';
import { recordOperation } from '../../platform/admin/operation-log';
import type { ResourceRouteKit } from '../../platform/admin/resource-routes';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { ok } from '../../platform/http/envelope';
import { filesRepo as repo } from './repo';

const tenantParams = z.object({ tenantId: z.string().trim().min(1).max(100) });

/**
 * A tenant's storage quota, set by the platform (`/dmp/admin/files/quotas/:tenantId`): its own, or
 * null for the installation's default (FILES_TENANT_QUOTA_BYTES).
 */
export const quotaRoutes = (kit: ResourceRouteKit, defaultQuota: number) => {
  const { app, base, tags, security, guard, read } = kit;
  const quotaOf = async (tx: Tx, tenantId: string) => {
    const [tenant] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId));
    if (!tenant) throw new AppError('TENANT_NOT_FOUND');
    const usage = await repo.usage(tx, tenantId);
    return {
      tenantId,
      usedBytes: usage.usedBytes,
      fileCount: usage.fileCount,
      ownQuotaBytes: usage.quotaBytes,
      quotaBytes: usage.quotaBytes ?? defaultQuota,
    };
  };

  app.get(
    `${base}/quotas/:tenantId`,
    {
      ...guard('file:list'),
      schema: {
        tags,
        summary: "A tenant's storage in use and its quota",
        security,
        params: tenantParams,
        response: { 200: envelopeSchema(tenantFileQuotaSchema) },
      },
    },
    async (request) => ok(await read(request, (tx) => quotaOf(tx, request.params.tenantId))),
  );

  app.put(
    `${base}/quotas/:tenantId`,
    {
      ...guard('file:quota'),
      schema: {
        tags,
        summary: "Sets a tenant's storage quota (null: the installation's default)",
        security,
        params: tenantParams,
        body: fileQuotaBodySchema,
        response: { 200: envelopeSchema(tenantFileQuotaSchema) },
      },
    },
    async (request) =>
      ok(
        await read(request, async (tx, ctx) => {
          const before = await quotaOf(tx, request.params.tenantId);
          await repo.setQuota(tx, before.tenantId, request.body.quotaBytes);
          await recordOperation(tx, {
            tenantId: null,
            operatorId: ctx.operator.accountId,
            operatorName: ctx.operator.name,
            resource: 'file-quotas',
            recordId: before.tenantId,
            recordLabel: before.tenantId,
            action: 'update',
            changes: { quotaBytes: { before: before.ownQuotaBytes, after: request.body.quotaBytes } },
            ip: ctx.ip,
            userAgent: ctx.userAgent,
            requestId: ctx.requestId,
          });
          return quotaOf(tx, before.tenantId);
        }),
        '保存成功',
      ),
  );
};
