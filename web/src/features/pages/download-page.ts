import {
  type AppPackageAnswer,
  type AppPackageListItem,
  NO_DOWNLOAD_PACKAGE_MESSAGE,
  USAGE_LOG_TYPES,
} from '@uniwim/contracts/client';
import { type ApiClient, ApiError } from '../../lib/api';
import type { UsageLogEntry } from '../../lib/shell/usage-log';

export const PACKAGE_LIST_PATH = '/package-api/appPackage/list';
export const PACKAGE_SEARCH_PATH = '/package-api/appPackage/search';

/** The active tenant's applications with whether each has a package. */
export const fetchPackageList = async (client: ApiClient): Promise<AppPackageListItem[]> => {
  const list = await client.get<AppPackageListItem[] | null>(PACKAGE_LIST_PATH);
  if (!Array.isArray(list)) throw new TypeError('The application list is not a list');
  return list;
};

export type PackageLookup =
  | { kind: 'found'; zip: string; fileName: string }
  /** Spec section 8: "No download package: warning 暂无下载包". */
  | { kind: 'none'; message: string };

/**
 * POST /package-api/appPackage/search {appKey} answers {zip}: the download link. An application
 * without a package is a warning for the user, not a failure; other errors are thrown.
 */
export const lookUpPackage = async (client: ApiClient, appKey: string): Promise<PackageLookup> => {
  try {
    const answer = await client.post<AppPackageAnswer | null>(PACKAGE_SEARCH_PATH, { appKey });
    if (!answer?.zip) return { kind: 'none', message: NO_DOWNLOAD_PACKAGE_MESSAGE };
    return { kind: 'found', zip: answer.zip, fileName: answer.fileName };
  } catch (error) {
    if (error instanceof ApiError && error.errorName === 'NO_DOWNLOAD_PACKAGE') {
      return { kind: 'none', message: NO_DOWNLOAD_PACKAGE_MESSAGE };
    }
    throw error;
  }
};

/** Spec section 3: downloading a package is usage log type 2 of its application. */
export const downloadLogEntry = (item: AppPackageListItem): UsageLogEntry => ({
  type: USAGE_LOG_TYPES.download,
  applicationId: item.applicationId,
  applicationName: item.name,
  functionId: null,
  functionName: null,
  path: `${PACKAGE_SEARCH_PATH}?appKey=${encodeURIComponent(item.appKey)}`,
  result: 1,
});

/**
 * The download link as the browser may follow it: only links on this server (relative, or
 * same-origin absolute) are used, so an answer cannot send the user anywhere else.
 */
export const safeDownloadHref = (zip: string, origin: string): string | null => {
  try {
    const url = new URL(zip, origin);
    return url.origin === origin ? url.href : null;
  } catch {
    return null;
  }
};
