import {
  APPLICATION_TRANSITIONS,
  type ApplicationCreate,
  type ApplicationRow,
  type ApplicationUpdate,
  applicationCategoriesSchema,
  applicationOptionSchema,
  applicationsResource,
  envelopeSchema,
} from '@uniwim/contracts';
import { z } from 'zod';
import type {
  ResourceDefinition,
  ResourceRouteKit,
  ResourceStore,
} from '../../platform/admin/resource-routes';
import { newId } from '../../platform/crypto/tokens';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { ok } from '../../platform/http/envelope';
import type { AttachedFiles } from './attached-files';
import { type ApplicationUsage, applicationsRepo as repo, type StoredApplication } from './repo';

/**
 * Usage figures are counted over 30 days of logs: they are kept a few minutes per instance rather
 * than counted again on every page of the list.
 */
const USAGE_TTL_MS = 5 * 60_000;

export interface ApplicationAdminDeps {
  files: AttachedFiles;
  /** The shells' menu trees follow the catalogue: every instance drops them at once. */
  announceCatalogueChange(): Promise<void>;
}

/**
 * What the row's file fields become: the address shown, kept beside the file's id, the file's use
 * recorded with the files module. A manual link counts only without an uploaded manual.
 */
const fileFields = async (
  tx: Tx,
  files: AttachedFiles,
  recordId: string,
  input: Pick<ApplicationUpdate, 'iconFileId' | 'manualFileId' | 'operatingManual'>,
) => {
  const values: Record<string, string | null> = {};
  if (input.iconFileId !== undefined) {
    values.iconFileId = input.iconFileId;
    values.icon = await files.attach(tx, input.iconFileId, { recordId, field: 'icon' }, 'image');
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

export const createApplicationAdminStore = (
  deps: ApplicationAdminDeps,
): ResourceStore<ApplicationRow, ApplicationCreate, ApplicationUpdate> => {
  const usage = new Map<string, { figures: ApplicationUsage; countedAt: number }>();
  const withUsage = async (tx: Tx, rows: StoredApplication[]): Promise<ApplicationRow[]> => {
    const now = Date.now();
    const stale = rows
      .map((row) => row.id)
      .filter((id) => (usage.get(id)?.countedAt ?? 0) < now - USAGE_TTL_MS);
    if (stale.length > 0) {
      const counted = await repo.usage(tx, stale);
      if (usage.size > 10_000) usage.clear();
      for (const id of stale)
        usage.set(id, { figures: counted.get(id) ?? { users: 0, opens: 0 }, countedAt: now });
    }
    return rows.map((row) => {
      const { figures } = usage.get(row.id)!;
      return { ...row, usersLast30Days: figures.users, opensLast30Days: figures.opens };
    });
  };
  const reread = async (tx: Tx, id: string) => (await withUsage(tx, [(await repo.get(tx, id))!]))[0]!;
  const setStatus = async (tx: Tx, row: ApplicationRow, action: keyof typeof APPLICATION_TRANSITIONS) => {
    if (!APPLICATION_TRANSITIONS[action].includes(row.status)) {
      throw new AppError('APPLICATION_STATUS_INVALID', undefined, { status: row.status, action });
    }
    await repo.updateAtVersion(tx, row.id, row.version, {
      status: action === 'publish' ? 'published' : 'offline',
    });
    return reread(tx, row.id);
  };

  return {
    label: (row) => `${row.name}（${row.appKey}）`,

    list: async (tx, query) => {
      const page = await repo.list(tx, query);
      return { items: await withUsage(tx, page.items), total: page.total };
    },

    get: async (tx, id) => {
      const row = await repo.get(tx, id);
      return row ? (await withUsage(tx, [row]))[0] : undefined;
    },

    create: async (tx, input, ctx) => {
      const id = newId('app-');
      const files = await fileFields(tx, deps.files, id, input);
      await repo.insert(tx, {
        id,
        appKey: input.appKey,
        name: input.name,
        category: input.category ?? null,
        description: input.description ?? null,
        owner: input.owner ?? null,
        internalLink: input.internalLink ?? null,
        externalLink: input.externalLink ?? null,
        ...files,
        status: 'draft',
      });
      ctx.afterCommit(() => deps.announceCatalogueChange());
      return reread(tx, id);
    },

    update: async (tx, row, input, version, ctx) => {
      const files = await fileFields(tx, deps.files, row.id, input);
      await repo.updateAtVersion(tx, row.id, version, {
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.category === undefined ? {} : { category: input.category }),
        ...(input.description === undefined ? {} : { description: input.description }),
        ...(input.owner === undefined ? {} : { owner: input.owner }),
        ...(input.internalLink === undefined ? {} : { internalLink: input.internalLink }),
        ...(input.externalLink === undefined ? {} : { externalLink: input.externalLink }),
        ...files,
      });
      ctx.afterCommit(() => deps.announceCatalogueChange());
      return reread(tx, row.id);
    },

    /**
     * Only an application nobody uses goes (its menu items and their grants go with it): not a
     * published one, not one a tenant is empowered to use, not one a package holds items of.
     */
    remove: async (tx, row, ctx) => {
      if (row.status === 'published') {
        throw new AppError('APPLICATION_STATUS_INVALID', `应用“${row.name}”已发布，请先下线再删除`);
      }
      const users = await repo.usersOf(tx, row.id);
      if (users.tenants > 0 || users.packages.length > 0) {
        const reasons = [
          users.tenants > 0 ? `${users.tenants}个租户已开通` : null,
          users.packages.length > 0
            ? `套餐${users.packages.map((p) => `“${p}”`).join('、')}包含其菜单`
            : null,
        ].filter(Boolean);
        throw new AppError('IN_USE', `应用“${row.name}”正在使用中（${reasons.join('，')}），不能删除`, users);
      }
      await deps.files.release(tx, { recordId: row.id });
      await repo.remove(tx, row.id);
      ctx.afterCommit(() => deps.announceCatalogueChange());
    },

    actions: {
      publish: async (tx, row, _body, ctx) => {
        const after = await setStatus(tx, row, 'publish');
        ctx.afterCommit(() => deps.announceCatalogueChange());
        return after;
      },
      offline: async (tx, row, _body, ctx) => {
        const after = await setStatus(tx, row, 'offline');
        ctx.afterCommit(() => deps.announceCatalogueChange());
        return after;
      },
    },
  };
};

/** The pickers' lists: applications (the menu editor's), and the categories in use (the form's). */
const applicationRoutes = ({ app, base, tags, security, guard, read }: ResourceRouteKit) => {
  app.get(
    `${base}/options`,
    {
      ...guard(applicationsResource.permissions.list),
      schema: {
        tags,
        summary: 'Every application by name, for pickers',
        security,
        response: { 200: envelopeSchema(z.array(applicationOptionSchema)) },
      },
    },
    async (request) => ok(await read(request, (tx) => repo.options(tx))),
  );
  app.get(
    `${base}/categories`,
    {
      ...guard(applicationsResource.permissions.list),
      schema: {
        tags,
        summary: 'The categories applications use, for the form',
        security,
        response: { 200: envelopeSchema(applicationCategoriesSchema) },
      },
    },
    async (request) => ok(await read(request, (tx) => repo.categories(tx))),
  );
};

export const applicationAdminResource = (deps: ApplicationAdminDeps): ResourceDefinition => ({
  declaration: applicationsResource,
  store: createApplicationAdminStore(deps) as unknown as ResourceDefinition['store'],
  routes: applicationRoutes,
});
