import { stat } from 'node:fs/promises';
import path from 'node:path';

/** Packages live in DATA_DIR/packages/, one file per application, named by the application's record. */
export const PACKAGES_FOLDER = 'packages';

/** A stored package name: one or two plain path segments (e.g. "devices/devices-1.2.0.zip"). */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * The absolute path of a stored package, or null when the stored name could leave the packages
 * folder (absolute paths, "..", backslashes, empty or odd segments). The name comes from the
 * database, never from the request, but is checked anyway: a bad record must not expose other files.
 */
export const resolvePackageFile = (packagesDir: string, packagePath: string): string | null => {
  const segments = packagePath.split('/');
  if (segments.length > 2 || !segments.every((s) => SEGMENT.test(s) && !/^\.+$/.test(s))) return null;
  const root = path.resolve(packagesDir);
  const file = path.resolve(root, ...segments);
  return file.startsWith(root + path.sep) ? file : null;
};

/** Size of a regular file, or null when there is none (missing, a folder, unreadable). */
export const fileSize = async (file: string): Promise<number | null> => {
  try {
    const info = await stat(file);
    return info.isFile() ? info.size : null;
  } catch {
    return null;
  }
};

const CONTENT_TYPES: Record<string, string> = {
  '.zip': 'application/zip',
  '.apk': 'application/vnd.android.package-archive',
  '.exe': 'application/vnd.microsoft.portable-executable',
  '.msi': 'application/x-msi',
  '.dmg': 'application/x-apple-diskimage',
  '.gz': 'application/gzip',
};

export const contentTypeOf = (fileName: string): string =>
  CONTENT_TYPES[path.extname(fileName).toLowerCase()] ?? 'application/octet-stream';

/** Content-Disposition for a download, with the UTF-8 name for browsers and an ASCII fallback. */
export const attachmentHeader = (fileName: string): string => {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
};
