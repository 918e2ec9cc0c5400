import {
  type AdminScope,
  type CurrentUser,
  type MenuItemCreate,
  type MenuItemRow,
  type MenuItemUpdate,
  type MenuMoveBody,
  menuItemProblems,
  menusResource,
  tenantMenusResource,
} from '@uniwim/contracts';
import type { AdminContext, ResourceDefinition, ResourceStore } from '../../platform/admin/resource-routes';
import { newId } from '../../platform/crypto/tokens';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { AttachedFiles } from '../applications/attached-files';
import { ownerCondition, menuAdminRepo as repo } from './admin-repo';
import { menuEditorRoutes } from './admin-routes';
import { grantHolders } from './impact';
import { movesUnderItself, placeAt } from './tree-edits';

export interface MenuAdminDeps {
  files: AttachedFiles;
  /** The triggers moved the menu versions; every instance drops the trees now (null: the catalogue). */
  announceChange(tenantId: string | null): Promise<void>;
  /** The user as GET /ump/currUserInfo answers for a member of a tenant (the condition checker's). */
  userOf(accountId: string, tenantId: string): Promise<CurrentUser>;
}

type Input = Partial<MenuItemCreate>;

/** The tenant a ump operator acts in; null on the platform. */
const tenantOf = (scope: AdminScope, ctx: AdminContext): string | null =>
  scope === 'dmp' ? null : ctx.operator.tenantId;

const refuse = (problems: { field: string; message: string }[]) => {
  if (problems.length === 0) return;
  throw new AppError(
    'VALIDATION_FAILED',
    problems.map((p) => p.message).join('；'),
    problems.map((p) => ({ path: `body.${p.field}`, message: p.message })),
  );
};

/**
 * The columns an input sets. File fields become the address beside the file's id, their use
 * recorded with the files module; a manual link counts only without an uploaded manual.
 */
const valuesOf = async (tx: Tx, files: AttachedFiles, recordId: string, input: Input) => {
  const values: Record<string, unknown> = {};
  const copy = [
    'name',
    'link',
    'fullLink',
    'menuVersion',
    'reload',
    'monitor',
    'monitorUrl',
    'menuStyle',
    'internalNetwork',
    'externalNetwork',
    'target',
    'type',
    'permission',
    'disabled',
    'isPublic',
    'sort',
  ] as const;
  for (const key of copy) if (input[key] !== undefined) values[key] = input[key];
  if (input.condition !== undefined) values.visibleCondition = input.condition || null;
  // An empty English name is none: the shell shows the Chinese one.
  if (input.nameEn !== undefined) values.nameEn = input.nameEn || null;
  if (input.mobileLink !== undefined) values.mobileLink = input.mobileLink || null;
  if (input.effectDrawingFileId !== undefined) {
    values.effectDrawingFileId = input.effectDrawingFileId;
    values.effectDrawing = await files.attach(
      tx,
      input.effectDrawingFileId,
      { recordId, field: 'effectDrawing' },
      'image',
    );
  }
  if (input.manualFileId !== undefined) {
    values.manualFileId = input.manualFileId;
    const address = await files.attach(tx, input.manualFileId, { recordId, field: 'manual' }, 'document');
    if (address !== null || input.operatingManual === undefined) values.operatingManual = address;
  }
  if (input.operatingManual !== undefined && !values.manualFileId) {
    values.operatingManual = input.operatingManual;
    if (values.manualFileId === undefined) {
      values.manualFileId = null;
      await files.attach(tx, null, { recordId, field: 'manual' }, 'document');
    }
  }
  return values;
};

/**
 * The menu items of one scope. The platform edits the global catalogue; a tenant edits its own
 * public items under applications it is empowered to use, and reads the global ones (row-level
 * security refuses its writes to them in any case: this answers why).
 */
export const createMenuStore = (
  scope: AdminScope,
  deps: MenuAdminDeps,
): ResourceStore<MenuItemRow, MenuItemCreate, MenuItemUpdate> => {
  const own = (row: MenuItemRow, ctx: AdminContext) => {
    const tenantId = tenantOf(scope, ctx);
    if (row.tenantId !== tenantId) throw new AppError('MENU_NOT_OWN');
  };
  /** A parent in the same application and of the same owner. */
  const checkParent = async (
    tx: Tx,
    parentId: string | null,
    applicationId: string,
    tenantId: string | null,
  ) => {
    if (parentId === null) return;
    const parent = await repo.position(tx, parentId);
    if (!parent || parent.applicationId !== applicationId || parent.tenantId !== tenantId) {
      throw new AppError('MENU_PARENT_INVALID', undefined, [
        { path: 'body.parentId', message: '上级菜单不存在或不属于同一应用' },
      ]);
    }
  };
  const announce = (ctx: AdminContext) => {
    const tenantId = tenantOf(scope, ctx);
    ctx.afterCommit(() => deps.announceChange(tenantId));
  };
  const reread = async (tx: Tx, id: string) => (await repo.get(tx, id))!;

  return {
    label: (row) => `${row.name}（${row.applicationName}）`,

    list: (tx, query, ctx) => repo.list(tx, query, ownerCondition(scope, tenantOf(scope, ctx))),

    /** The platform reads global items only; a tenant reads its own and the global ones. */
    get: async (tx, id, ctx) => {
      const row = await repo.get(tx, id);
      if (!row) return undefined;
      if (scope === 'dmp' && row.tenantId !== null) return undefined;
      if (scope === 'ump' && row.tenantId !== null && row.tenantId !== ctx.operator.tenantId)
        return undefined;
      return row;
    },

    create: async (tx, input, ctx) => {
      const tenantId = tenantOf(scope, ctx);
      const application = await repo.application(tx, input.applicationId);
      if (!application) {
        throw new AppError('APPLICATION_NOT_FOUND', undefined, [
          { path: 'body.applicationId', message: '应用不存在' },
        ]);
      }
      if (tenantId !== null) {
        if (!(await repo.isEmpowered(tx, tenantId, application.id)))
          throw new AppError('APPLICATION_NOT_EMPOWERED');
        // Shown to every member and visitor of the tenant; granted to no role, so no button.
        if (input.type === 'button') refuse([{ field: 'type', message: '公共菜单不能是按钮' }]);
      }
      refuse(menuItemProblems(input));
      const parentId = input.parentId ?? null;
      await checkParent(tx, parentId, application.id, tenantId);
      const id = newId('m-');
      const values = await valuesOf(tx, deps.files, id, input);
      await repo.insert(tx, {
        ...values,
        id,
        name: input.name,
        applicationId: application.id,
        parentId,
        tenantId,
        isPublic: tenantId !== null ? true : (input.isPublic ?? false),
        sort: input.sort ?? (await repo.nextSort(tx, application.id, parentId)),
      });
      announce(ctx);
      return reread(tx, id);
    },

    update: async (tx, row, input, version, ctx) => {
      own(row, ctx);
      const merged = { ...row, ...input };
      if (tenantOf(scope, ctx) !== null && merged.type === 'button') {
        refuse([{ field: 'type', message: '公共菜单不能是按钮' }]);
      }
      refuse(menuItemProblems(merged));
      const values = await valuesOf(tx, deps.files, row.id, input);
      if (tenantOf(scope, ctx) !== null) values.isPublic = true;
      await repo.updateAtVersion(tx, row.id, version, values);
      announce(ctx);
      return reread(tx, row.id);
    },

    actions: {
      /** Drag and drop: under another parent of the same application, at a place among its children. */
      move: async (tx, row, body, ctx) => {
        own(row, ctx);
        const { parentId, index, version } = body as MenuMoveBody;
        if (version !== row.version) throw new AppError('VERSION_CONFLICT');
        const tenantId = tenantOf(scope, ctx);
        await checkParent(tx, parentId, row.applicationId, tenantId);
        if (movesUnderItself(parentId, await repo.subtreeIds(tx, row.id)))
          throw new AppError('MENU_MOVE_CYCLE');
        await repo.updateAtVersion(tx, row.id, version, { parentId });
        const siblings = await repo.siblings(
          tx,
          row.applicationId,
          parentId,
          ownerCondition(scope, tenantId),
        );
        const item = siblings.find((s) => s.id === row.id)!;
        await repo.renumber(tx, placeAt(siblings, item, index));
        announce(ctx);
        return reread(tx, row.id);
      },

      /**
       * Deletes an item without children. One that roles are granted or packages include goes only
       * with `confirm` (the page names them first, from this refusal's details).
       */
      remove: async (tx, row, body, ctx) => {
        own(row, ctx);
        if ((await repo.childCount(tx, row.id)) > 0) throw new AppError('MENU_HAS_CHILDREN');
        const holders = await grantHolders(tx, row.id, row.applicationId);
        if (
          (holders.tenants.length > 0 || holders.packages.length > 0) &&
          !(body as { confirm?: boolean }).confirm
        ) {
          const roles = holders.tenants.flatMap((t) => t.roles.map((r) => `${t.tenantName}/${r.roleName}`));
          const named = [
            roles.length > 0
              ? `角色 ${roles.slice(0, 10).join('、')}${roles.length > 10 ? ' 等' : ''}`
              : null,
            holders.packages.length > 0 ? `套餐 ${holders.packages.map((p) => p.name).join('、')}` : null,
          ].filter(Boolean);
          throw new AppError(
            'MENU_GRANTED',
            `菜单“${row.name}”已分配给${named.join('，')}，确认后才能删除`,
            holders,
          );
        }
        await deps.files.release(tx, { recordId: row.id });
        await repo.remove(tx, row.id);
        announce(ctx);
        return undefined;
      },
    },
  };
};

export const menuAdminResources = (deps: MenuAdminDeps): ResourceDefinition[] =>
  (['dmp', 'ump'] as const).map((scope) => ({
    declaration: scope === 'dmp' ? menusResource : tenantMenusResource,
    store: createMenuStore(scope, deps) as unknown as ResourceDefinition['store'],
    routes: (kit) => menuEditorRoutes(scope, kit, deps),
  }));
