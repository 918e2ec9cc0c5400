import path from 'node:path';
import type { AppPackageAnswer, AppPackageListItem } from '@uniwim/contracts';
import { newOpaqueToken } from '../../platform/crypto/tokens';
import { AppError } from '../../platform/errors';
import type { Store } from '../../platform/store/store';
import type { AccessService } from '../access/service';
import type { ActiveSession } from '../sessions/repo';
import { fileSize, PACKAGES_FOLDER, resolvePackageFile } from './package-files';
import type { ApplicationRecord, AppPackagesRepo } from './repo';

/** A download link works for this long: long enough to click, short enough that a leaked one dies. */
export const DOWNLOAD_LINK_TTL_MS = 10 * 60_000;
const ticketKey = (ticket: string) => `package-download:${ticket}`;

export const DOWNLOAD_PATH_PREFIX = '/package-api/appPackage/download/';

interface DownloadTicket {
  appKey: string;
  packagePath: string;
}

export interface PackageDownload {
  file: string;
  fileName: string;
  size: number;
}

/**
 * Application packages (the portal helper's downloads). A package is a file in DATA_DIR/packages/
 * named by the application's record. Searching answers a short-lived download link: the browser
 * opens it as a plain navigation, which cannot carry the Authorization header, so the link carries
 * a random ticket (kept in the Store, shared by every instance) instead of the user's token.
 */
export const createAppPackageService = (deps: {
  repo: AppPackagesRepo;
  access: AccessService;
  store: Store;
  dataDir: string;
}) => {
  const packagesDir = path.join(deps.dataDir, PACKAGES_FOLDER);

  /** The application, if the session's tenant may use it (platform admins in the platform scope: any). */
  const usableApplication = async (session: ActiveSession, appKey: string): Promise<ApplicationRecord> => {
    const app = await deps.repo.findByKey(appKey);
    if (!app) throw new AppError('NOT_FOUND', '应用不存在');
    const allowed = session.tenantId
      ? await deps.repo.isEmpowered(session.tenantId, app.id)
      : await deps.access.isPlatformAdmin(session);
    if (!allowed) throw new AppError('APPLICATION_NOT_EMPOWERED');
    return app;
  };

  const storedPackage = async (packagePath: string | null): Promise<PackageDownload | null> => {
    if (!packagePath) return null;
    const file = resolvePackageFile(packagesDir, packagePath);
    const size = file ? await fileSize(file) : null;
    return file && size !== null ? { file, fileName: path.basename(file), size } : null;
  };

  return {
    packagesDir,

    search: async (session: ActiveSession, appKey: string): Promise<AppPackageAnswer> => {
      const app = await usableApplication(session, appKey);
      const stored = await storedPackage(app.packagePath);
      if (!stored || !app.packagePath) throw new AppError('NO_DOWNLOAD_PACKAGE');
      const ticket = newOpaqueToken();
      const value: DownloadTicket = { appKey: app.appKey, packagePath: app.packagePath };
      await deps.store.set(ticketKey(ticket), JSON.stringify(value), { ttlMs: DOWNLOAD_LINK_TTL_MS });
      return {
        zip: `${DOWNLOAD_PATH_PREFIX}${encodeURIComponent(app.appKey)}?ticket=${ticket}`,
        fileName: stored.fileName,
        size: stored.size,
      };
    },

    /** The file a download link names; the link may be used again (resumed downloads) until it expires. */
    download: async (appKey: string, ticket: string): Promise<PackageDownload> => {
      const raw = await deps.store.get(ticketKey(ticket));
      const value = raw ? (JSON.parse(raw) as DownloadTicket) : null;
      if (value?.appKey !== appKey) throw new AppError('DOWNLOAD_LINK_EXPIRED');
      const stored = await storedPackage(value.packagePath);
      if (!stored) throw new AppError('NO_DOWNLOAD_PACKAGE');
      return stored;
    },

    /** The download page: the applications of the session's tenant and whether each has a package. */
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
          version: app.version,
          operatingManual: app.operatingManual,
          hasPackage: (await storedPackage(app.packagePath)) !== null,
        })),
      );
    },
  };
};

export type AppPackageService = ReturnType<typeof createAppPackageService>;
