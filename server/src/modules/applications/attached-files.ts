import type { FilePurpose } from '@uniwim/contracts';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { filesRepo } from '../files/repo';
import type { FileService } from '../files/service';

/**
 * The catalogue's and the menu editor's uploads (icons, effect drawings, operating manuals) go
 * through the files module: a field holds a stored file of the field's purpose, its address is kept
 * beside the file's id, and the files module learns which record uses which file (its page guards
 * a file in use and cleans up files nothing uses).
 */
export interface AttachedFiles {
  /**
   * Records that the record's field uses this file (none: null) and answers the address to show;
   * refuses a file the scope cannot see, a deleted one, or one uploaded for another purpose.
   */
  attach(
    tx: Tx,
    fileId: string | null,
    ref: { recordId: string; field: string },
    purpose: Extract<FilePurpose, 'image' | 'document'>,
  ): Promise<string | null>;
  /** The record is gone: it uses no file any more. */
  release(tx: Tx, ref: { recordId: string }): Promise<void>;
}

const PURPOSE_NAMES = { image: '图片', document: '文档' } as const;

export const attachedFiles = (
  files: Pick<FileService, 'use' | 'release'>,
  resource: string,
): AttachedFiles => ({
  attach: async (tx, fileId, ref, purpose) => {
    // In the caller's transaction and scope: a file the scope cannot see is not found.
    const [stored] = await files.use(tx, fileId === null ? [] : [fileId], { resource, ...ref });
    if (fileId !== null && (await filesRepo.live(tx, fileId))?.purpose !== purpose) {
      const message = `请上传${PURPOSE_NAMES[purpose]}`;
      throw new AppError('VALIDATION_FAILED', message, [{ path: `body.${ref.field}FileId`, message }]);
    }
    return stored?.url ?? null;
  },
  release: (tx, ref) => files.release(tx, { resource, ...ref }),
});
