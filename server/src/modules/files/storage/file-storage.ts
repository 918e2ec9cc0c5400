import type { Readable } from 'node:stream';

/** What the storage is told about content it keeps (the S3 store sends it with the object). */
export interface StoredObjectInfo {
  size: number;
  /** Hex SHA-256 of the content. */
  sha256: string;
  contentType: string;
}

/** Bytes `start` to `end`, both included. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where file content lives, behind one interface: a folder of DATA_DIR by default, an S3-compatible
 * bucket when S3_* is set (what several instances share). Content arrives as a finished local file
 * (the upload was received, measured and checked first), so nothing half-written or refused ever
 * reaches the store.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Keeps the content of `localPath` under `key`; the local file is consumed (moved or deleted). */
  putFile(key: string, localPath: string, info: StoredObjectInfo): Promise<void>;
  /** The content under `key` (or the inclusive byte range of it); null when there is none. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Removes the content under `key`; a key with nothing under it is not an error. */
  remove(key: string): Promise<void>;
  /** Throws when the store cannot be reached (start-up and health). */
  check(): Promise<void>;
}
