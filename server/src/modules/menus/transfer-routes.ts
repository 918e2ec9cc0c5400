import {
  envelopeSchema,
  type MenuExport,
  type MenuImportResult,
  menuExportQuerySchema,
  menuExportSchema,
  menuImportQuerySchema,
  menuImportResultSchema,
} from '@uniwim/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { recordOperations } from '../../platform/admin/operation-log';
import type { AdminContext, ResourceRouteKit } from '../../platform/admin/resource-routes';
import { newId } from '../../platform/crypto/tokens';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { ok } from '../../platform/http/envelope';
import { applicationsRepo } from '../applications/repo';
import { ownerCondition, menuAdminRepo as repo, rowsOf } from './admin-repo';
import type { MenuAdminDeps } from './admin-resource';
import { type ExistingItem, exportTree, type ImportPlan, planImport } from './menu-transfer';
import { menuItems } from './schema';

/** A tree file of MENU_IMPORT_ITEM_LIMIT items with long links stays well below this. */
const IMPORT_MAX_BYTES = 8 * 1024 * 1024;
/** Deeper than this is no menu a person navigates: refused before anything walks it. */
const MAX_IMPORT_DEPTH = 16;

const depthOf = (items: unknown): number => {
  let depth = 0;
  let level: unknown[] = Array.isArray(items) ? items : [];
  while (level.length > 0) {
    depth += 1;
    if (depth > MAX_IMPORT_DEPTH) return depth;
    level = level.flatMap((item) =>
      item && typeof item === 'object' && Array.isArray((item as { children?: unknown }).children)
        ? ((item as { children: unknown[] }).children ?? [])
        : [],
    );
  }
  return depth;
};

const existingItems = async (tx: Tx, applicationId: string): Promise<ExistingItem[]> =>
  (await repo.treeRows(tx, applicationId, ownerCondition('dmp', null))).map((row) => ({
    id: row.id,
    parentId: row.parentId,
    version: row.version,
    name: row.name,
    nameEn: row.nameEn,
    link: row.link,
    mobileLink: row.mobileLink,
    fullLink: row.fullLink,
    effectDrawing: row.effectDrawing,
    menuVersion: row.menuVersion,
    reload: row.reload,
    monitor: row.monitor,
    monitorUrl: row.monitorUrl,
    menuStyle: row.menuStyle,
    internalNetwork: row.internalNetwork,
    externalNetwork: row.externalNetwork,
    operatingManual: row.operatingManual,
    target: row.target,
    type: row.type,
    permission: row.permission,
    condition: row.condition,
    disabled: row.disabled,
    isPublic: row.isPublic,
    sort: row.sort,
  }));

/** The ids any menu item of this installation has (ids are unique across applications and tenants). */
const takenIds = async (tx: Tx, file: MenuExport): Promise<Set<string>> => {
  const ids: string[] = [];
  const walk = (items: MenuExport['items']) => {
    for (const item of items) {
      ids.push(item.id);
      walk(item.children);
    }
  };
  walk(file.items);
  const rows = rowsOf(
    await tx.execute(
      sql`SELECT id FROM menu_items WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`,
    ),
  );
  return new Set(rows.map((row) => row.id as string));
};

const columnsOf = (values: ImportPlan['writes'][number]['values']) => {
  const { condition, ...rest } = values;
  return { ...rest, visibleCondition: condition, effectDrawingFileId: null, manualFileId: null };
};

/** Writes a plan without errors: parents before children, one transaction with its log rows. */
const commit = async (tx: Tx, plan: ImportPlan, applicationId: string, ctx: AdminContext) => {
  for (const write of plan.writes) {
    if (write.action === 'create') {
      await repo.insert(tx, {
        ...columnsOf(write.values),
        id: write.targetId,
        applicationId,
        parentId: write.parentId,
        tenantId: null,
      });
    } else {
      const changed = await tx
        .update(menuItems)
        .set({
          ...columnsOf(write.values),
          parentId: write.parentId,
          version: sql`${menuItems.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(menuItems.id, write.targetId),
            eq(menuItems.version, write.version!),
            isNull(menuItems.tenantId),
          ),
        )
        .returning({ id: menuItems.id });
      if (changed.length === 0) throw new AppError('VERSION_CONFLICT');
    }
  }
  const byTarget = new Map(plan.result.changes.map((change) => [change.targetId, change]));
  await recordOperations(
    tx,
    plan.writes.map((write) => ({
      tenantId: null,
      operatorId: ctx.operator.accountId,
      operatorName: ctx.operator.name,
      resource: 'menus',
      recordId: write.targetId,
      recordLabel: byTarget.get(write.targetId)?.path ?? write.values.name,
      action: `import-${write.action}`,
      changes: Object.fromEntries(
        (byTarget.get(write.targetId)?.fields ?? ['name']).map((field) => [
          field,
          {
            before: null,
            after: field === 'parentId' ? write.parentId : (write.values as Record<string, unknown>)[field],
          },
        ]),
      ),
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      requestId: ctx.requestId,
    })),
  );
};

/** `GET /dmp/admin/menus/export` and `POST /dmp/admin/menus/import` (platform: the global catalogue). */
export const menuTransferRoutes = (
  { app, base, tags, security, guard, read }: ResourceRouteKit,
  deps: MenuAdminDeps,
) => {
  app.get(
    `${base}/export`,
    {
      ...guard('menu:export'),
      schema: {
        tags,
        summary: "One application's global menu tree as JSON, for another installation's import",
        description:
          "The answer's `Response` is the file the import takes (the page saves it as a .json file).",
        security,
        querystring: menuExportQuerySchema,
        response: { 200: envelopeSchema(menuExportSchema) },
      },
    },
    async (request) =>
      ok(
        await read(request, async (tx) => {
          const application = await applicationsRepo.get(tx, request.query.applicationId);
          if (!application) throw new AppError('APPLICATION_NOT_FOUND');
          const rows = await repo.treeRows(tx, application.id, ownerCondition('dmp', null));
          return exportTree(
            {
              appKey: application.appKey,
              name: application.name,
              category: application.category,
              description: application.description,
              owner: application.owner,
              internalLink: application.internalLink,
              externalLink: application.externalLink,
            },
            rows,
            new Date(),
          );
        }),
      ),
  );

  const importGuard = guard('menu:import');
  app.post(
    `${base}/import`,
    {
      onRequest: importGuard.onRequest,
      // The permission first (as every admin route), then the depth, before zod walks the tree.
      preValidation: [
        importGuard.preValidation as (request: FastifyRequest) => Promise<void>,
        async (request: FastifyRequest) => {
          if (depthOf((request.body as { items?: unknown } | null)?.items) > MAX_IMPORT_DEPTH) {
            throw new AppError('MENU_IMPORT_INVALID', `菜单层级超过${MAX_IMPORT_DEPTH}层`);
          }
        },
      ],
      bodyLimit: IMPORT_MAX_BYTES,
      schema: {
        tags,
        summary: 'Imports an exported tree: preview what would change, then commit it (all or nothing)',
        description:
          'The application is found by its key (created as a draft when missing). Each item is matched by ' +
          'its id in the application, else by its name under its matched parent; others are created (keeping ' +
          "the file's id when it is free here). Nothing is deleted: items only here are listed and kept. " +
          'Any item error refuses the commit; addresses of the other installation’s uploaded files are dropped.',
        security,
        querystring: menuImportQuerySchema,
        body: menuExportSchema,
        response: { 200: envelopeSchema(menuImportResultSchema) },
      },
    },
    async (request) => {
      const { mode } = request.query;
      const file = request.body;
      const result = await read(request, async (tx, ctx): Promise<MenuImportResult> => {
        const found = await applicationsRepo.findByKey(tx, file.application.appKey);
        const applicationId = found?.id ?? newId('app-');
        const taken = await takenIds(tx, file);
        const plan = planImport(
          file,
          found ? await existingItems(tx, found.id) : [],
          (id) => taken.has(id),
          () => newId('m-'),
        );
        const answer: MenuImportResult = {
          mode,
          application: {
            id: applicationId,
            appKey: file.application.appKey,
            name: found?.name ?? file.application.name,
            action: found ? 'existing' : 'create',
          },
          ...plan.result,
        };
        if (mode === 'preview') return answer;
        if (plan.result.errors.length > 0) {
          throw new AppError(
            'MENU_IMPORT_INVALID',
            `导入文件有${plan.result.errors.length}处错误，未导入任何菜单`,
            {
              errors: plan.result.errors.slice(0, 50),
            },
          );
        }
        if (!found) {
          await applicationsRepo.insert(tx, {
            id: applicationId,
            appKey: file.application.appKey,
            name: file.application.name,
            category: file.application.category,
            description: file.application.description,
            owner: file.application.owner,
            internalLink: file.application.internalLink,
            externalLink: file.application.externalLink,
            status: 'draft',
          });
        }
        await commit(tx, plan, applicationId, ctx);
        return answer;
      });
      if (mode === 'commit') await deps.announceChange(null);
      return ok(result, mode === 'commit' ? '导入成功' : '操作成功');
    },
  );
};
