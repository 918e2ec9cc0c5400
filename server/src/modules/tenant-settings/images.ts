import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { AppError } from '../../platform/errors';
import type { FileService } from '../files/service';
import { refusalOf, sniffType } from '../files/sniff';

/** The kind of an image a sign-in page may show, from its bytes; null for anything else (SVG too). */
export const sniffImage = (bytes: Uint8Array): { ext: string; type: string } | null => {
  const sniffed = sniffType(bytes, true);
  if (sniffed.kind === 'bmp' || refusalOf('image', sniffed) !== null) return null;
  return { ext: sniffed.ext, type: sniffed.contentType };
};

/** The names images had under DATA_DIR/tenant-files before the files module (content hash and kind). */
export const IMAGE_FILE_PATTERN = /^[0-9a-f]{64}\.(png|jpg|gif|ico|webp)$/;
const TYPE_BY_EXT: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  ico: 'image/x-icon',
  webp: 'image/webp',
};

/**
 * A tenant's sign-in images (issue 13). Since issue 14 they are stored files of the files module
 * (purpose image: public at /ump/files/<id>, counted in the tenant's quota, tracked by the look that
 * shows them); images uploaded before that stay where they were, under
 * DATA_DIR/tenant-files/<tenant>/<sha256>.<ext>, and their old urls keep working.
 */
export const createTenantImages = (dataDir: string, files: FileService) => {
  const folderOf = (tenantId: string) => path.join(dataDir, 'tenant-files', tenantId);
  return {
    save: async (
      tenantId: string,
      upload: { base64: string; fileName: string; uploadedBy: string; uploadedByName: string },
    ) => {
      const bytes = Buffer.from(upload.base64, 'base64');
      if (bytes.length === 0) throw new AppError('FILE_EMPTY', '图片内容为空');
      if (!sniffImage(bytes)) {
        throw new AppError('FILE_TYPE_NOT_ALLOWED', '只支持 PNG、JPEG、GIF、WebP 或 ICO 图片');
      }
      const stored = await files.upload(Readable.from([bytes]), {
        tenantId,
        filename: upload.fileName,
        purpose: 'image',
        uploadedBy: upload.uploadedBy,
        uploadedByName: upload.uploadedByName,
      });
      return { url: stored.url, contentType: stored.contentType, bytes: stored.size };
    },

    /** An image stored before the files module; null when there is none (names are checked by the route). */
    read: async (tenantId: string, file: string) => {
      if (!IMAGE_FILE_PATTERN.test(file)) return null;
      try {
        const bytes = await readFile(path.join(folderOf(tenantId), file));
        return { bytes, type: TYPE_BY_EXT[file.split('.').pop()!]! };
      } catch {
        return null;
      }
    },
  };
};

export type TenantImages = ReturnType<typeof createTenantImages>;
