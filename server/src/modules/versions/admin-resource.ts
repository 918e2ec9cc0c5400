import {
  type AppVersionCreate,
  type AppVersionPublish,
  type AppVersionRow,
  type AppVersionUpdate,
  appVersionReleasesAnswerSchema,
  envelopeSchema,
  semverSortKey,
  type VersionPackageCheck,
  versionApplicationChoiceSchema,
  versionChoiceQuerySchema,
  versionPackageCheckBodySchema,
  versionPackageCheckSchema,
  versionsResource,
  versionTenantChoiceSchema,
} from '@uniwim/contracts';
import { z } from 'zod';
import type {
  AdminContext,
  ResourceDefinition,
  ResourceRouteKit,
  ResourceStore,
} from '../../platform/admin/resource-routes';
import { newId } from '../../platform/crypto/tokens';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { ok } from '../../platform/http/envelope';
import type { FileService } from '../files/service';
import type { PackageChecker } from './package-check';
import {
  assertChangeAllowed,
  assertDeletable,
  assertMinimumNotAbove,
  assertPublishable,
  assertRevocable,
} from './release-rules';
import { versionsRepo as repo } from './repo';

/** How the files module learns which records use a file (its delete guard and clean-up read it). */
export type VersionFileReferences = Pick<FileService, 'use' | 'release'>;

export interface VersionsDeps {
  packages: Pick<PackageChecker, 'check'>;
  fileReferences: VersionFileReferences;
  /** After a release or a revocation: every instance's menu trees carry the new `_v` at once. */
  announceChange(): Promise<unknown>;
}

// The field names the form's field, so a refusal of the files module lands on it.
const PACKAGE_REF = { resource: 'versions', field: 'packageFileId' } as const;
/** Tenants named in a version's releases answer. */
const LIVE_TENANTS_SHOWN = 100;

const packageColumns = (checked: VersionPackageCheck | null) => ({
  packageFileId: checked?.fileId ?? null,
  packageName: checked?.name ?? null,
  packageSize: checked?.size ?? null,
  packageSha256: checked?.sha256 ?? null,
  packageEntries: checked?.entries ?? null,
});

export const createVersionAdminStore = (
  deps: VersionsDeps,
): ResourceStore<AppVersionRow, AppVersionCreate, AppVersionUpdate> => {
  // A package is checked before the write's transaction opens (prepare); the write finds the result here.
  const prepared = new WeakMap<object, VersionPackageCheck>();
  const checkedPackage = async (input: { packageFileId?: string | null }) => {
    if (!input.packageFileId) return null;
    return prepared.get(input) ?? (await deps.packages.check(input.packageFileId));
  };
  const reread = async (tx: Tx, id: string) => (await repo.get(tx, id))!;

  /** The row as it is now, locked until the transaction ends, at the version the caller read. */
  const lockedAt = async (tx: Tx, row: AppVersionRow, version: number | undefined) => {
    await repo.lock(tx, row.id);
    const current = await reread(tx, row.id);
    if (version !== undefined && version !== current.version) throw new AppError('VERSION_CONFLICT');
    return current;
  };

  return {
    label: (row) => row.name,
    list: (tx, query) => repo.list(tx, query),
    get: (tx, id) => repo.get(tx, id),

    prepare: async (input) => {
      const fileId = input.packageFileId;
      if (fileId) prepared.set(input, await deps.packages.check(fileId));
    },

    create: async (tx, input, ctx) => {
      if (!(await repo.applicationExists(tx, input.applicationId))) {
        const message = `应用不存在：${input.applicationId}`;
        throw new AppError('NOT_FOUND', message, [{ path: 'body.applicationId', message }]);
      }
      const id = newId('ver-');
      const checked = await checkedPackage(input);
      await repo.insert(tx, {
        id,
        applicationId: input.applicationId,
        versionNumber: input.versionNumber,
        sortKey: semverSortKey(input.versionNumber),
        releaseNotes: input.releaseNotes ?? null,
        ...packageColumns(checked),
        minSupportedVersion: input.minSupportedVersion ?? null,
        forceUpdate: input.forceUpdate ?? false,
        createdBy: ctx.operator.accountId,
      });
      if (checked) await deps.fileReferences.use(tx, [checked.fileId], { ...PACKAGE_REF, recordId: id });
      return reread(tx, id);
    },

    update: async (tx, row, input, version) => {
      assertChangeAllowed(row, input);
      const versionNumber = input.versionNumber ?? row.versionNumber;
      assertMinimumNotAbove(
        versionNumber,
        input.minSupportedVersion === undefined ? row.minSupportedVersion : input.minSupportedVersion,
      );
      const repackaged = input.packageFileId !== undefined && input.packageFileId !== row.packageFileId;
      const checked = repackaged ? await checkedPackage(input) : null;
      await repo.updateAtVersion(tx, row.id, version, {
        ...(input.versionNumber === undefined
          ? {}
          : { versionNumber, sortKey: semverSortKey(versionNumber) }),
        ...(input.releaseNotes === undefined ? {} : { releaseNotes: input.releaseNotes }),
        ...(input.minSupportedVersion === undefined
          ? {}
          : { minSupportedVersion: input.minSupportedVersion }),
        ...(input.forceUpdate === undefined ? {} : { forceUpdate: input.forceUpdate }),
        ...(repackaged ? packageColumns(checked) : {}),
      });
      if (repackaged) {
        await deps.fileReferences.use(tx, checked ? [checked.fileId] : [], {
          ...PACKAGE_REF,
          recordId: row.id,
        });
      }
      return reread(tx, row.id);
    },

    remove: async (tx, row) => {
      const current = await lockedAt(tx, row, undefined);
      assertDeletable(current.status, current.versionNumber);
      await deps.fileReferences.release(tx, { resource: PACKAGE_REF.resource, recordId: row.id });
      await repo.remove(tx, row.id);
    },

    actions: {
      /** A new release entry; an older version published again is a rollback, and says so. */
      publish: async (tx, row, body, ctx: AdminContext) => {
        const input = body as AppVersionPublish;
        const current = await lockedAt(tx, row, input.version);
        assertPublishable(current.status);
        const tenantIds = input.scope === 'tenants' ? (input.tenantIds ?? []) : [];
        const unknown = await repo.unknownTenants(tx, tenantIds);
        if (unknown.length > 0) {
          const message = `租户不存在：${unknown.slice(0, 5).join('、')}`;
          throw new AppError('TENANT_NOT_FOUND', message, [{ path: 'body.tenantIds', message }]);
        }
        const newer = await repo.newerPublished(
          tx,
          current.applicationId,
          semverSortKey(current.versionNumber),
        );
        await repo.insertRelease(
          tx,
          {
            id: newId('rel-'),
            applicationId: current.applicationId,
            versionId: current.id,
            kind: newer ? 'rollback' : 'publish',
            scope: input.scope,
            remark: input.remark ?? null,
            publishedBy: ctx.operator.accountId,
            publishedByName: ctx.operator.name,
          },
          tenantIds,
        );
        await repo.updateAtVersion(tx, current.id, current.version, { status: 'published' });
        ctx.afterCommit(() => deps.announceChange());
        return reread(tx, current.id);
      },

      /** Tenants fall back to the newest release covering them of a version still published. */
      revoke: async (tx, row, _body, ctx: AdminContext) => {
        const current = await lockedAt(tx, row, undefined);
        assertRevocable(current.status);
        await repo.updateAtVersion(tx, current.id, current.version, {
          status: 'revoked',
          revokedAt: new Date(),
          revokedBy: ctx.operator.name,
        });
        ctx.afterCommit(() => deps.announceChange());
        return reread(tx, current.id);
      },
    },
  };
};

const idParams = z.object({ id: z.string().trim().min(1).max(100) });

/** The form's choices, the package check after an upload, and a version's release history. */
const versionRoutes =
  (deps: VersionsDeps) =>
  ({ app, base, tags, security, guard, read }: ResourceRouteKit) => {
    const { permissions } = versionsResource;
    app.get(
      `${base}/applications`,
      {
        ...guard(permissions.list),
        schema: {
          tags,
          summary: 'Applications of the catalogue to give a version to (the first 50 matching q)',
          security,
          querystring: versionChoiceQuerySchema,
          response: { 200: envelopeSchema(z.array(versionApplicationChoiceSchema)) },
        },
      },
      async (request) => ok(await read(request, (tx) => repo.applicationChoices(tx, request.query.q))),
    );

    app.get(
      `${base}/tenants`,
      {
        ...guard('version:publish'),
        schema: {
          tags,
          summary: 'Tenants a grey release may go to (the first 50 matching q, and those named in ids)',
          security,
          querystring: versionChoiceQuerySchema.extend({ ids: z.string().max(10_000).optional() }),
          response: { 200: envelopeSchema(z.array(versionTenantChoiceSchema)) },
        },
      },
      async (request) => {
        const ids = (request.query.ids ?? '')
          .split(',')
          .map((id) => id.trim())
          .filter((id) => id !== '')
          .slice(0, 1_000);
        return ok(await read(request, (tx) => repo.tenantChoices(tx, request.query.q, ids)));
      },
    );

    app.post(
      `${base}/check-package`,
      {
        ...guard(permissions.create!),
        schema: {
          tags,
          summary: 'Whether an uploaded file (purpose package) is a readable zip archive',
          description:
            'Reads the whole archive: its directory, every entry inflated and compared with its CRC-32. ' +
            'PACKAGE_NOT_READABLE says why an archive is refused.',
          security,
          body: versionPackageCheckBodySchema,
          response: { 200: envelopeSchema(versionPackageCheckSchema) },
        },
      },
      async (request) => ok(await deps.packages.check(request.body.fileId)),
    );

    app.get(
      `${base}/:id/releases`,
      {
        ...guard(permissions.list),
        schema: {
          tags,
          summary: "A version's release entries (newest first) and the tenants running it now",
          security,
          params: idParams,
          response: { 200: envelopeSchema(appVersionReleasesAnswerSchema) },
        },
      },
      async (request) =>
        ok(
          await read(request, async (tx) => {
            const row = await repo.get(tx, request.params.id);
            if (!row) throw new AppError('NOT_FOUND', `版本不存在：${request.params.id}`);
            const [releases, liveTenants] = await Promise.all([
              repo.releasesOf(tx, row.id),
              repo.liveTenants(tx, row, LIVE_TENANTS_SHOWN),
            ]);
            return { releases, liveTenants };
          }),
        ),
    );
  };

export const versionAdminResource = (deps: VersionsDeps): ResourceDefinition => ({
  declaration: versionsResource,
  store: createVersionAdminStore(deps) as unknown as ResourceDefinition['store'],
  routes: versionRoutes(deps),
});
