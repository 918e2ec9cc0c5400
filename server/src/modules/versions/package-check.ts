import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { VersionPackageCheck } from '@uniwim/contracts';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { Store } from '../../platform/store/store';
import { COLLECT_EVERY_BYTES, collectingAsItFlows, collectYoungGarbage } from '../files/young-garbage';
import { versionsRepo } from './repo';
import { checkZip, type RandomAccess, ZipCheckError } from './zip-check';

/** What the versions module needs of the files module (FileService) to read a package. */
export interface PackageFileReader {
  open(fileId: string): Promise<{
    stream: Readable;
    file: { id: string; name: string; contentType: string; size: number; sha256: string };
    row: { tenantId: string | null };
  }>;
}

const FIELD = 'body.packageFileId';

/** The file, when it is one of the platform's own (a tenant's upload is no package of the catalogue). */
const openPlatformFile = async (files: PackageFileReader, fileId: string) => {
  try {
    const opened = await files.open(fileId);
    if (opened.row.tenantId === null) return opened;
    opened.stream.destroy();
  } catch (error) {
    if (!(error instanceof AppError && error.errorName === 'FILE_NOT_FOUND')) throw error;
  }
  throw new AppError('FILE_NOT_FOUND', '安装包文件不存在或已删除，请重新上传', [
    { path: FIELD, message: '安装包文件不存在或已删除，请重新上传' },
  ]);
};

/** A file's content never changes, so a check holds for as long as the file exists. */
const CHECK_TTL_MS = 24 * 60 * 60_000;
const checkKey = (fileId: string) => `version-package-check:${fileId}`;
/** Under DATA_DIR: a package being checked is copied here and removed when the check ends. */
const CHECK_FOLDER = path.join('versions', '.checking');

/** Random access to a file on disk. */
const withFileAccess = async <T>(file: string, size: number, work: (access: RandomAccess) => Promise<T>) => {
  const handle = await open(file, 'r');
  try {
    return await work({
      size,
      read: async (position, length, into) => {
        const buffer = into ?? Buffer.allocUnsafe(length);
        const { bytesRead } = await handle.read(buffer, 0, length, position);
        if (bytesRead !== length) throw new ZipCheckError('读取位置超出文件');
        return buffer.subarray(0, length);
      },
    });
  } finally {
    await handle.close();
  }
};

/**
 * Checks that an uploaded file is a readable zip archive. The files module serves content as a
 * stream (from disk or an object store); the archive's directory is at its end, so the stream is
 * copied to a temporary file under DATA_DIR and read from there, then the copy is removed. A
 * result is kept in the Store by file id, so the page's check after the upload and the save share
 * one reading, and a package a version already holds is not read again.
 */
export const createPackageChecker = (deps: {
  files: PackageFileReader;
  store: Store;
  db: Database;
  /** Copies go under DATA_DIR (sized for files), not the system's temp folder (a tmpfs is memory). */
  dataDir: string;
}) => ({
  check: async (fileId: string): Promise<VersionPackageCheck> => {
    const cached = await deps.store.get(checkKey(fileId));
    if (cached) return JSON.parse(cached) as VersionPackageCheck;
    // An edit form sends a version's package back unchanged: what was checked then still holds.
    const known = await deps.db.asPlatform((tx) => versionsRepo.knownPackage(tx, fileId));
    if (known) return known;
    const { stream, file } = await openPlatformFile(deps.files, fileId);
    if (file.contentType !== 'application/zip') {
      stream.destroy();
      throw new AppError('PACKAGE_NOT_READABLE', `安装包不是 zip 压缩包：${file.name}`, [
        { path: FIELD, message: '安装包须为 zip 压缩包' },
      ]);
    }
    let folder: string;
    try {
      await mkdir(path.join(deps.dataDir, CHECK_FOLDER), { recursive: true });
      folder = await mkdtemp(path.join(deps.dataDir, CHECK_FOLDER, 'package-'));
    } catch (error) {
      stream.destroy();
      throw error;
    }
    try {
      const copy = path.join(folder, 'package.zip');
      // Dead buffers of the copy and of inflating are collected as they flow (files/young-garbage.ts).
      await pipeline(collectingAsItFlows(stream), createWriteStream(copy));
      let unpacked = 0;
      const summary = await withFileAccess(copy, file.size, (access) =>
        checkZip(access, {
          onUnpacked: (bytes) => {
            const before = Math.floor(unpacked / COLLECT_EVERY_BYTES);
            unpacked += bytes;
            if (Math.floor(unpacked / COLLECT_EVERY_BYTES) > before) collectYoungGarbage();
          },
        }),
      );
      const result: VersionPackageCheck = {
        fileId: file.id,
        name: file.name,
        size: file.size,
        sha256: file.sha256,
        entries: summary.files,
      };
      await deps.store.set(checkKey(fileId), JSON.stringify(result), { ttlMs: CHECK_TTL_MS });
      return result;
    } catch (error) {
      if (error instanceof ZipCheckError) {
        const message = `安装包不是可读取的 zip 压缩包：${error.message}`;
        throw new AppError('PACKAGE_NOT_READABLE', message, [{ path: FIELD, message }]);
      }
      throw error;
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  },
});

export type PackageChecker = ReturnType<typeof createPackageChecker>;
