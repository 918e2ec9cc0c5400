import {
  type AdminScope,
  applicationOptionSchema,
  envelopeSchema,
  menuConditionCheckBodySchema,
  menuConditionCheckSchema,
  menuEditorTreeSchema,
  menuImpactBodySchema,
  menuImpactSchema,
  menuMemberOptionSchema,
  menuMemberOptionsQuerySchema,
  menusResource,
  menuTenantOptionSchema,
  menuTenantOptionsQuerySchema,
  menuTreeQuerySchema,
  type ResourceDeclaration,
  tenantMenusResource,
} from '@uniwim/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { escapeLike } from '../../platform/admin/list-sql';
import type { ResourceRouteKit } from '../../platform/admin/resource-routes';
import { AppError } from '../../platform/errors';
import { ok } from '../../platform/http/envelope';
import { ownerCondition, menuAdminRepo as repo, rowsOf } from './admin-repo';
import type { MenuAdminDeps } from './admin-resource';
import { conditionMenus, evaluateCondition } from './condition-check';
import { menuImpact } from './impact';
import { menuTransferRoutes } from './transfer-routes';
import { editorTree } from './tree-edits';

const contains = (q: string | undefined) => `%${escapeLike(q ?? '')}%`;

/**
 * The tree editor's own routes, beside the framework's create, update, move and remove: the
 * applications to pick from, an application's whole tree, the impact preview, the condition
 * checker with its member picker, and (platform) the JSON export and import of a tree.
 */
export const menuEditorRoutes = (scope: AdminScope, kit: ResourceRouteKit, deps: MenuAdminDeps) => {
  const { app, base, tags, security, guard, read } = kit;
  const declaration: ResourceDeclaration = scope === 'dmp' ? menusResource : tenantMenusResource;
  const listCode = declaration.permissions.list;
  const tenantIdOf = (operatorTenant: string | null) => (scope === 'dmp' ? null : operatorTenant);

  app.get(
    `${base}/applications`,
    {
      ...guard(listCode),
      schema: {
        tags,
        summary:
          scope === 'dmp'
            ? 'Every application, whose trees the editor shows'
            : 'The applications the tenant is empowered to use, whose trees it adds public items to',
        security,
        response: { 200: envelopeSchema(z.array(applicationOptionSchema)) },
      },
    },
    async (request) =>
      ok(await read(request, (tx, ctx) => repo.applicationOptions(tx, tenantIdOf(ctx.operator.tenantId)))),
  );

  app.get(
    `${base}/tree`,
    {
      ...guard(listCode),
      schema: {
        tags,
        summary: "One application's menu tree for the editor, with each item's grant count",
        description:
          scope === 'dmp'
            ? 'The global catalogue of the application.'
            : "The application's global items (read-only, editable false) and the tenant's own public items.",
        security,
        querystring: menuTreeQuerySchema,
        response: { 200: envelopeSchema(menuEditorTreeSchema) },
      },
    },
    async (request) =>
      ok(
        await read(request, async (tx, ctx) => {
          const tenantId = tenantIdOf(ctx.operator.tenantId);
          const application = await repo.application(tx, request.query.applicationId);
          if (!application) throw new AppError('APPLICATION_NOT_FOUND');
          if (tenantId !== null && !(await repo.isEmpowered(tx, tenantId, application.id))) {
            throw new AppError('APPLICATION_NOT_EMPOWERED');
          }
          // The platform's editor shows the global catalogue; row-level security shows a tenant its own too.
          const rows = await repo.treeRows(
            tx,
            application.id,
            scope === 'dmp' ? ownerCondition('dmp', null) : undefined,
          );
          return { application, items: editorTree(rows, (row) => row.tenantId === tenantId) };
        }),
      ),
  );

  app.post(
    `${base}/impact`,
    {
      ...guard(listCode),
      schema: {
        tags,
        summary: 'Who would see an item once saved: tenants, their roles, packages (nothing is saved)',
        security,
        body: menuImpactBodySchema,
        response: { 200: envelopeSchema(menuImpactSchema) },
      },
    },
    async (request) =>
      ok(
        await read(request, (tx, ctx) =>
          menuImpact(tx, request.body, { tenantId: tenantIdOf(ctx.operator.tenantId) }),
        ),
      ),
  );

  app.post(
    `${base}/check-condition`,
    {
      ...guard(listCode),
      schema: {
        tags,
        summary: "A visibility condition evaluated by the shell's evaluator for a chosen member",
        description:
          'Parses the condition with the evaluator the shell runs (a condition it cannot parse is ' +
          'reported, and hides the item in the shell) and evaluates it with the member as ' +
          'GET /ump/currUserInfo answers for them, the item as the shell normalises it (currentMenu) ' +
          'and optionally another item (activeMenu). ' +
          (scope === 'dmp' ? '`tenantId` names the member’s tenant.' : 'The member is of the active tenant.'),
        security,
        body: menuConditionCheckBodySchema,
        response: { 200: envelopeSchema(menuConditionCheckSchema) },
      },
    },
    async (request) => {
      let tenantId: string | null | undefined;
      const menus = await read(request, (tx, ctx) => {
        tenantId = scope === 'dmp' ? request.body.tenantId : ctx.operator.tenantId;
        if (!tenantId) {
          throw new AppError('VALIDATION_FAILED', '请选择租户', [
            { path: 'body.tenantId', message: '请选择租户' },
          ]);
        }
        return conditionMenus(tx, { ...request.body, tenantId });
      });
      // Read after the transaction: the user's answer is cached and read in a transaction of its own.
      const user = await deps.userOf(request.body.accountId, tenantId!);
      return ok(evaluateCondition(request.body.condition, menus, user));
    },
  );

  app.get(
    `${base}/member-options`,
    {
      ...guard(listCode),
      schema: {
        tags,
        summary: 'Members of a tenant (20 at most), searched by account or name, for the condition checker',
        security,
        querystring: menuMemberOptionsQuerySchema,
        response: { 200: envelopeSchema(z.array(menuMemberOptionSchema)) },
      },
    },
    async (request) =>
      ok(
        await read(request, async (tx, ctx) => {
          const tenantId = scope === 'dmp' ? request.query.tenantId : ctx.operator.tenantId;
          if (!tenantId) return [];
          const pattern = contains(request.query.q);
          return rowsOf(
            await tx.execute(sql`
              SELECT a.id, a.username, a.name FROM tenant_memberships tm JOIN accounts a ON a.id = tm.account_id
              WHERE tm.tenant_id = ${tenantId} AND (a.username ILIKE ${pattern} OR a.name ILIKE ${pattern})
              ORDER BY a.username LIMIT 20`),
          ).map((row) => ({
            accountId: row.id as string,
            username: row.username as string,
            name: row.name as string,
          }));
        }),
      ),
  );

  if (scope !== 'dmp') return;

  app.get(
    `${base}/tenant-options`,
    {
      ...guard(listCode),
      schema: {
        tags,
        summary: 'Tenants empowered to use an application (20 at most), searched by name, for the checker',
        security,
        querystring: menuTenantOptionsQuerySchema,
        response: { 200: envelopeSchema(z.array(menuTenantOptionSchema)) },
      },
    },
    async (request) =>
      ok(
        await read(request, async (tx) =>
          rowsOf(
            await tx.execute(sql`
              SELECT t.id, t.name FROM tenant_applications ta JOIN tenants t ON t.id = ta.tenant_id
              WHERE ta.application_id = ${request.query.applicationId} AND t.name ILIKE ${contains(request.query.q)}
              ORDER BY t.name, t.id LIMIT 20`),
          ).map((row) => ({ id: row.id as string, name: row.name as string })),
        ),
      ),
  );

  menuTransferRoutes(kit, deps);
};
