import path from 'node:path';
import type { Config } from '../../../config';
import type { FileStorage } from './file-storage';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';

/** The S3-compatible bucket when S3_* is set (what several instances share); DATA_DIR/files otherwise. */
export const createFileStorage = (config: Pick<Config, 'dataDir' | 'files'>): FileStorage =>
  config.files.s3 ? createS3Storage(config.files.s3) : createLocalStorage(path.join(config.dataDir, 'files'));
