import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  FILE_PURPOSE_MAX_BYTES,
  type FilePurpose,
  fileContentPath,
  type StoredFile,
} from '@uniwim/contracts';
import type { FilesSettings } from '../../config';
import { recordOperation } from '../../platform/admin/operation-log';
import { newId } from '../../platform/crypto/tokens';
import type { Database, Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { cleanFileName } from './file-names';
import { checkFileLink, LINK_MAX_SECONDS, signFileLink } from './links';
import { ReceiveRefused, receiveToTempFile } from './receive';
import { type FileReference, type FileRow, filesRepo as repo } from './repo';
import { refusalOf } from './sniff';
import type { ByteRange, FileStorage } from './storage/file-storage';

export interface UploadMeta {
  /** The tenant that owns the file; null for the platform's own files. */
  tenantId: string | null;
  /** The name it was uploaded with (cleaned before it is kept). */
  filename: string;
  purpose: FilePurpose;
  /** The account that uploaded it. */
  uploadedBy: string;
  uploadedByName?: string | null;
  /** Uploaded to the file library itself: never cleaned up as unused. */
  keep?: boolean;
  /** The source stopped at its own size limit (a multipart part cut by the parser). */
  truncated?: () => boolean;
  /** Runs in the transaction that stores the file's row (the upload route's operation log). */
  onStored?: (tx: Tx, file: StoredFile) => Promise<void>;
}

export const toStoredFile = (
  row: Pick<FileRow, 'id' | 'name' | 'contentType' | 'size' | 'sha256'>,
): StoredFile => ({
  id: row.id,
  name: row.name,
  contentType: row.contentType,
  size: row.size,
  sha256: row.sha256,
  url: fileContentPath(row.id),
});

const MB = 1024 * 1024;
const megabytes = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;

/** Storage that cannot be reached is the installation's trouble, reported as such (503). */
const storageCall = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('FILE_STORAGE_UNAVAILABLE', undefined, { cause: String((error as Error).message) });
  }
};

/**
 * The files module (issue 14): every upload of the product comes through `upload`, is streamed to
 * the storage with its type decided from the content, is held to its purpose's kinds and size and to
 * the tenant's quota, and is tracked by the records that use it.
 *
 * `upload`, `find` and `open` open their own transactions: call them outside any (PGlite has one
 * connection, so a transaction opened inside another waits for ever). `use`, `release`, `remove` and
 * `referencesOf` work inside the caller's transaction, in its scope.
 */
export const createFileService = (deps: {
  db: Database;
  storage: FileStorage;
  settings: FilesSettings;
  dataDir: string;
}) => {
  const { db, storage, settings } = deps;
  const tempDir = path.join(deps.dataDir, 'files', '.incoming');
  const scoped = (tenantId: string | null) =>
    tenantId === null
      ? db.asPlatform.bind(db)
      : <T>(work: (tx: Tx) => Promise<T>) => db.withTenant(tenantId, work);

  const maxBytesOf = (purpose: FilePurpose): number =>
    Math.min(FILE_PURPOSE_MAX_BYTES[purpose], settings.maxUploadBytes ?? Number.POSITIVE_INFINITY);

  /** A tenant's storage in use and its quota (the platform's own files have none). */
  const usage = async (tenantId: string) => {
    const used = await db.withTenant(tenantId, (tx) => repo.usage(tx, tenantId));
    return { ...used, quotaBytes: used.quotaBytes ?? settings.tenantQuotaBytes };
  };

  const quotaRefusal = (quotaBytes: number) =>
    new AppError(
      'FILE_QUOTA_EXCEEDED',
      `存储空间已满（配额 ${megabytes(quotaBytes)}），请清理文件或联系管理员扩容`,
    );

  const upload = async (source: Readable, meta: UploadMeta): Promise<StoredFile> => {
    const maxBytes = maxBytesOf(meta.purpose);
    if (meta.tenantId !== null) {
      // A tenant already at its quota is told so before its upload is read.
      const current = await usage(meta.tenantId);
      if (current.usedBytes >= current.quotaBytes) {
        source.resume();
        throw quotaRefusal(current.quotaBytes);
      }
    }
    let received: Awaited<ReturnType<typeof receiveToTempFile>>;
    try {
      received = await receiveToTempFile(source, {
        tempDir,
        maxBytes,
        refuse: (sniffed) => refusalOf(meta.purpose, sniffed),
        truncated: meta.truncated,
      });
    } catch (error) {
      if (!(error instanceof ReceiveRefused)) throw error;
      const { refusal } = error;
      if (refusal.reason === 'too-large')
        throw new AppError('FILE_TOO_LARGE', `文件不能超过 ${megabytes(maxBytes)}`);
      if (refusal.reason === 'empty') throw new AppError('FILE_EMPTY');
      throw new AppError('FILE_TYPE_NOT_ALLOWED', refusal.message);
    }

    const id = newId('f-');
    const storageKey = `${meta.tenantId ?? 'platform'}/${id}`;
    const row = {
      id,
      tenantId: meta.tenantId,
      name: cleanFileName(meta.filename),
      contentType: received.sniffed.contentType,
      size: received.size,
      sha256: received.sha256,
      storageKey,
      purpose: meta.purpose,
      kept: meta.keep ?? false,
      uploadedBy: meta.uploadedBy,
      uploadedByName: meta.uploadedByName ?? null,
    };
    try {
      if (meta.tenantId !== null) {
        const current = await usage(meta.tenantId);
        if (current.usedBytes + received.size > current.quotaBytes) throw quotaRefusal(current.quotaBytes);
      }
      await storageCall(() =>
        storage.putFile(storageKey, received.tempPath, {
          size: received.size,
          sha256: received.sha256,
          contentType: received.sniffed.contentType,
        }),
      );
    } finally {
      await rm(received.tempPath, { force: true });
    }
    try {
      await scoped(meta.tenantId)(async (tx) => {
        // Taken in the same transaction as the row: a refusal here (another upload took the last
        // bytes meanwhile) leaves neither.
        if (
          meta.tenantId !== null &&
          !(await repo.reserve(tx, meta.tenantId, received.size, settings.tenantQuotaBytes))
        ) {
          const own = (await repo.usage(tx, meta.tenantId)).quotaBytes;
          throw quotaRefusal(own ?? settings.tenantQuotaBytes);
        }
        await repo.insert(tx, row);
        await meta.onStored?.(tx, toStoredFile(row));
      });
    } catch (error) {
      await storage.remove(storageKey).catch(() => undefined);
      throw error;
    }
    return toStoredFile(row);
  };

  /** A live file by id, whoever owns it (server modules check their own rules). */
  const find = async (fileId: string): Promise<FileRow | null> =>
    (await db.asPlatform((tx) => repo.live(tx, fileId))) ?? null;

  // The link key is read once per instance (it never changes once made); inside a transaction it
  // is read through that transaction (a second one at the same time would wait on PGlite's only one).
  let secret: string | null = null;
  const linkSecret = async (tx?: Tx): Promise<string> => {
    if (secret) return secret;
    const fresh = randomBytes(32).toString('base64url');
    secret = tx
      ? await repo.linkSecret(tx, fresh)
      : await db.asPlatform((own) => repo.linkSecret(own, fresh));
    return secret;
  };

  /** Removes the content of deleted files (after their transaction committed) and their rows. */
  const purgeDeleted = async (limit = 100): Promise<number> => {
    const rows = await db.asPlatform((tx) => repo.deleted(tx, limit));
    for (const row of rows) {
      await storageCall(() => storage.remove(row.storageKey));
      await db.asPlatform((tx) => repo.purge(tx, row.id));
    }
    return rows.length;
  };

  return {
    upload,
    maxBytesOf,
    usage,
    find,

    /** A file's content and description; FILE_NOT_FOUND when it is deleted or its content is gone. */
    open: async (
      fileId: string,
      range?: ByteRange,
    ): Promise<{ stream: Readable; file: StoredFile; row: FileRow }> => {
      const row = await find(fileId);
      if (!row) throw new AppError('FILE_NOT_FOUND');
      const stream = await storageCall(() => storage.read(row.storageKey, range));
      if (!stream) throw new AppError('FILE_NOT_FOUND');
      return { stream, file: toStoredFile(row), row };
    },

    /**
     * Records, in the caller's transaction, that a record's field uses these files (replacing what
     * that field used before). Files the transaction's scope cannot see, or deleted ones, answer
     * FILE_NOT_FOUND, so a record never points at another tenant's file.
     */
    use: async (
      tx: Tx,
      fileIds: readonly string[],
      ref: FileReference,
      /** In a platform transaction on behalf of one tenant: only that tenant's files (null: the platform's). */
      options: { owner?: string | null } = {},
    ): Promise<StoredFile[]> => {
      const ids = [...new Set(fileIds)];
      const found = (await repo.liveMany(tx, ids)).filter(
        (file) => options.owner === undefined || file.tenantId === options.owner,
      );
      const missing = ids.filter((id) => !found.some((file) => file.id === id));
      if (missing.length > 0) {
        throw new AppError('FILE_NOT_FOUND', `文件不存在或已删除：${missing.join('、')}`, [
          { path: ref.field, message: '文件不存在或已删除' },
        ]);
      }
      await repo.replaceReferences(tx, ref, found);
      return ids.map((id) => toStoredFile(found.find((file) => file.id === id)!));
    },

    /** Drops every use of files by a record (it was deleted); unused files are cleaned up later. */
    release: async (tx: Tx, record: { resource: string; recordId: string }) => {
      await repo.releaseRecord(tx, record.resource, record.recordId);
    },

    /** The records that use a file, as the transaction's scope sees them. */
    referencesOf: (tx: Tx, fileId: string) => repo.referencesOf(tx, fileId),

    /**
     * Deletes a file nothing uses (FILE_IN_USE names the records otherwise), in the caller's
     * transaction: it stops being served and counted at once; its content goes after the commit.
     */
    remove: async (tx: Tx, row: FileRow) => {
      const references = await repo.referencesOf(tx, row.id);
      if (references.length > 0) {
        const named = references
          .slice(0, 5)
          .map((ref) => `${ref.resource}/${ref.recordId}`)
          .join('、');
        throw new AppError('FILE_IN_USE', `文件正在被使用，不能删除：${named}`, { references });
      }
      await repo.markDeleted(tx, row.id);
      if (row.tenantId !== null) await repo.giveBack(tx, row.tenantId, row.size);
    },

    purgeDeleted,

    /**
     * Deletes the files nothing uses that were uploaded more than the grace period ago and are not
     * kept in the library (forms never saved, records that let go of them), each with an
     * operation-log row, then removes their content. Instances may sweep at the same time: a file
     * is taken by one of them (SKIP LOCKED).
     */
    sweepUnused: async (limit = 200) => {
      const swept = await db.asPlatform(async (tx) => {
        const orphans = await repo.orphans(tx, settings.orphanGraceHours, limit);
        for (const file of orphans) {
          await repo.markDeleted(tx, file.id);
          if (file.tenantId !== null) await repo.giveBack(tx, file.tenantId, file.size);
          await recordOperation(tx, {
            tenantId: file.tenantId,
            operatorId: null,
            operatorName: '系统清理',
            resource: 'files',
            recordId: file.id,
            recordLabel: file.name,
            action: 'cleanup',
            changes: { deletedAt: { before: null, after: new Date().toISOString() } },
            ip: null,
            userAgent: null,
            requestId: null,
          });
        }
        return orphans;
      });
      await purgeDeleted();
      return swept.length;
    },

    /** A link to the file that anyone may open until it expires (at most LINK_MAX_SECONDS away). */
    signedLink: async (fileId: string, seconds: number, options: { tx?: Tx; nowMs?: number } = {}) => {
      const now = Math.floor((options.nowMs ?? Date.now()) / 1000);
      const expires = now + Math.min(Math.max(1, Math.floor(seconds)), LINK_MAX_SECONDS);
      const signed = signFileLink(await linkSecret(options.tx), fileId, expires);
      const query = new URLSearchParams({ expires: String(signed.expires), signature: signed.signature });
      return {
        url: `${fileContentPath(fileId)}?${query}`,
        expiresAt: new Date(expires * 1000).toISOString(),
      };
    },

    checkLink: async (fileId: string, expires: string, signature: string, nowMs = Date.now()) =>
      checkFileLink(await linkSecret(), fileId, Number(expires), signature, Math.floor(nowMs / 1000)),

    storage,
    settings,
  };
};

export type FileService = ReturnType<typeof createFileService>;
