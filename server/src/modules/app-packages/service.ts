import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { AppPackageAnswer, AppPackageListItem } from '@uniwim/contracts';
import { newOpaqueToken } from '../../platform/crypto/tokens';
import { AppError } from '../../platform/errors';
import type { Store } from '../../platform/store/store';
import type { AccessService } from '../access/service';
import type { ActiveSession } from '../sessions/repo';
import type { PackageFileReader } from '../versions/package-check';
import { contentTypeOf, fileSize, PACKAGES_FOLDER, resolvePackageFile } from './package-files';
import type { ApplicationRecord, AppPackagesRepo } from './repo';

/** A download link works for this long: long enough to click, short enough that a leaked one dies. */
export const DOWNLOAD_LINK_TTL_MS = 10 * 60_000;
const ticketKey = (ticket: string) => `package-download:${ticket}`;

export const DOWNLOAD_PATH_PREFIX = '/package-api/appPackage/download/';

/** What a download link names: a released version's file, or the catalogue's package on disk. */
type DownloadTicket = { appKey: string; fileId: string } | { appKey: string; packagePath: string };

/** Where a tenant's package of an application is. */
type PackageSource = { kind: 'file'; fileId: string } | { kind: 'path'; packagePath: string };

export interface PackageDownload {
  stream: Readable;
  fileName: string;
  size: number;
  contentType: string;
}

interface PackageInfo {
  fileName: string;
  size: number;
}

/**
 * Application packages (the portal helper's downloads). What a tenant downloads follows the version
 * released to it (/umpVersioning), whose package the files module keeps; an application with no
 * released version offers the catalogue's package, a file in DATA_DIR/packages/. Searching answers
 * a short-lived download link: the browser opens it as a plain navigation, which cannot carry the
 * Authorization header, so the link carries a random ticket (kept in the Store, shared by every
 * instance) instead of the user's token.
 */
export const createAppPackageService = (deps: {
  repo: AppPackagesRepo;
  access: AccessService;
  store: Store;
  dataDir: string;
  files: PackageFileReader;
}) => {
  const packagesDir = path.join(deps.dataDir, PACKAGES_FOLDER);

  /** The application, if the session's tenant may use it (platform admins in the platform scope: any). */
  const usableApplication = async (session: ActiveSession, appKey: string): Promise<ApplicationRecord> => {
    const app = await deps.repo.findByKey(appKey, session.tenantId);
    if (!app) throw new AppError('NOT_FOUND', '应用不存在');
    const allowed = session.tenantId
      ? await deps.repo.isEmpowered(session.tenantId, app.id)
      : await deps.access.isPlatformAdmin(session);
    if (!allowed) throw new AppError('APPLICATION_NOT_EMPOWERED');
    return app;
  };

  const sourceOf = (app: ApplicationRecord): PackageSource | null => {
    if (app.release) {
      return app.release.packageFileId ? { kind: 'file', fileId: app.release.packageFileId } : null;
    }
    return app.packagePath ? { kind: 'path', packagePath: app.packagePath } : null;
  };

  const storedFile = async (packagePath: string) => {
    const file = resolvePackageFile(packagesDir, packagePath);
    const size = file ? await fileSize(file) : null;
    return file && size !== null ? { file, fileName: path.basename(file), size } : null;
  };

  /** The package's name and size, or null when there is none to download. */
  const infoOf = async (app: ApplicationRecord): Promise<PackageInfo | null> => {
    const source = sourceOf(app);
    if (!source) return null;
    if (source.kind === 'file') {
      // Copied onto the version when it was checked; the file itself is opened only to download.
      const { packageName, packageSize } = app.release!;
      return { fileName: packageName ?? `${app.appKey}.zip`, size: packageSize ?? 0 };
    }
    return storedFile(source.packagePath);
  };

  const releaseFieldsOf = (app: ApplicationRecord) => ({
    version: app.release?.versionNumber ?? app.version,
    sha256: app.release?.packageSha256 ?? null,
    forceUpdate: app.release?.forceUpdate ?? false,
    minSupportedVersion: app.release?.minSupportedVersion ?? null,
  });

  return {
    packagesDir,

    search: async (session: ActiveSession, appKey: string): Promise<AppPackageAnswer> => {
      const app = await usableApplication(session, appKey);
      const source = sourceOf(app);
      const info = await infoOf(app);
      if (!source || !info) throw new AppError('NO_DOWNLOAD_PACKAGE');
      const ticket = newOpaqueToken();
      const value: DownloadTicket =
        source.kind === 'file'
          ? { appKey: app.appKey, fileId: source.fileId }
          : { appKey: app.appKey, packagePath: source.packagePath };
      await deps.store.set(ticketKey(ticket), JSON.stringify(value), { ttlMs: DOWNLOAD_LINK_TTL_MS });
      return {
        zip: `${DOWNLOAD_PATH_PREFIX}${encodeURIComponent(app.appKey)}?ticket=${ticket}`,
        fileName: info.fileName,
        size: info.size,
        ...releaseFieldsOf(app),
      };
    },

    /** The file a download link names; the link may be used again (resumed downloads) until it expires. */
    download: async (appKey: string, ticket: string): Promise<PackageDownload> => {
      const raw = await deps.store.get(ticketKey(ticket));
      const value = raw ? (JSON.parse(raw) as DownloadTicket) : null;
      if (value?.appKey !== appKey) throw new AppError('DOWNLOAD_LINK_EXPIRED');
      if ('fileId' in value) {
        const { stream, file } = await deps.files.open(value.fileId);
        return { stream, fileName: file.name, size: file.size, contentType: file.contentType };
      }
      const stored = await storedFile(value.packagePath);
      if (!stored) throw new AppError('NO_DOWNLOAD_PACKAGE');
      return {
        stream: createReadStream(stored.file),
        fileName: stored.fileName,
        size: stored.size,
        contentType: contentTypeOf(stored.fileName),
      };
    },

    /** The download page: the applications of the session's tenant, the versions it runs, their packages. */
    list: async (session: ActiveSession): Promise<AppPackageListItem[]> => {
      let apps: ApplicationRecord[];
      if (session.tenantId) apps = await deps.repo.listForTenant(session.tenantId);
      else if (await deps.access.isPlatformAdmin(session)) apps = await deps.repo.listAll();
      else throw new AppError('FORBIDDEN');
      return Promise.all(
        apps.map(async (app) => ({
          applicationId: app.id,
          appKey: app.appKey,
          name: app.name,
          operatingManual: app.operatingManual,
          hasPackage: (await infoOf(app)) !== null,
          ...releaseFieldsOf(app),
        })),
      );
    },
  };
};

export type AppPackageService = ReturnType<typeof createAppPackageService>;
