import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FileStorage } from './file-storage';

const isMissing = (error: unknown) => (error as { code?: string }).code === 'ENOENT';

/** Keys are made by the files module (`<scope>/<id>`); anything that could leave the folder is refused. */
const SAFE_KEY = /^[A-Za-z0-9_-]{1,100}\/[A-Za-z0-9_-]{1,100}$/;

/**
 * File content in `<DATA_DIR>/files/<key>`: a rename from the upload's temporary file (same folder
 * tree, so the move is atomic and instant). Instances share it only when they share DATA_DIR.
 */
export const createLocalStorage = (root: string): FileStorage => {
  const pathOf = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    kind: 'local',
    putFile: async (key, localPath) => {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(localPath, target);
    },
    read: async (key, range) => {
      const target = pathOf(key);
      try {
        await stat(target);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      return createReadStream(target, range ? { start: range.start, end: range.end } : {}) as Readable;
    },
    remove: async (key) => {
      await rm(pathOf(key), { force: true });
    },
    check: async () => {
      await mkdir(root, { recursive: true });
    },
  };
};
