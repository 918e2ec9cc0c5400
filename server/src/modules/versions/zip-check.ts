import { finished } from 'node:stream/promises';
import { crc32, createInflateRaw } from 'node:zlib';

/**
 * Whether a file is a zip archive a client can unpack: the end record and the central directory
 * parse, every entry's local header is where the directory says, and every entry inflates to the
 * size and CRC-32 the directory declares. Reads through `read` (random access), so a package of
 * 200 MB costs its reading and inflating, never its size in memory.
 */
export interface RandomAccess {
  size: number;
  /** `length` bytes at `position`; into the start of `into` when given (a buffer reused piece after piece). */
  read(position: number, length: number, into?: Buffer): Promise<Buffer>;
}

export interface ZipSummary {
  /** Files in the archive (folders not counted). */
  files: number;
  /** Their total size once unpacked. */
  unpackedSize: number;
}

/** Why an archive is refused, in words for the administrator. */
export class ZipCheckError extends Error {}

export const ZIP_LIMITS = {
  entries: 100_000,
  /** Unpacking more than this is refused: nobody ships it, and a zip bomb would. */
  unpackedBytes: 2 * 1024 ** 3,
};

const EOCD = 0x06054b50;
const EOCD64_LOCATOR = 0x07064b50;
const EOCD64 = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const EOCD_SIZE = 22;
const CENTRAL_SIZE = 46;
const LOCAL_SIZE = 30;
const MAX_COMMENT = 0xffff;
/** Compressed data is read in pieces of this size, one piece in flight: the memory a check holds. */
const CHUNK = 1024 * 1024;

interface Entry {
  name: string;
  flags: number;
  method: number;
  crc: number;
  packedSize: number;
  unpackedSize: number;
  localOffset: number;
}

const fail = (reason: string): never => {
  throw new ZipCheckError(reason);
};

const u64 = (buffer: Buffer, at: number): number => {
  const value = buffer.readBigUInt64LE(at);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) fail('压缩包的大小字段超出范围');
  return Number(value);
};

/** The end of central directory record (and its zip64 form when the archive needs one). */
const readDirectoryLocation = async (file: RandomAccess) => {
  if (file.size < EOCD_SIZE) fail('文件太小，不是 zip 压缩包');
  const tailLength = Math.min(file.size, EOCD_SIZE + MAX_COMMENT);
  const tailStart = file.size - tailLength;
  const tail = await file.read(tailStart, tailLength);
  let at = -1;
  for (let i = tail.length - EOCD_SIZE; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD && i + EOCD_SIZE + tail.readUInt16LE(i + 20) === tail.length) {
      at = i;
      break;
    }
  }
  if (at < 0) fail('找不到 zip 目录结尾记录，文件不是 zip 压缩包或已损坏');
  const end = tailStart + at;
  if (tail.readUInt16LE(at + 4) !== 0 || tail.readUInt16LE(at + 6) !== 0) fail('不支持分卷压缩包');
  let entries = tail.readUInt16LE(at + 10);
  let directorySize = tail.readUInt32LE(at + 12);
  let directoryOffset = tail.readUInt32LE(at + 16);
  let directoryEnd = end;
  // Writers that stream (zip - -) add zip64 records even when the plain fields suffice.
  const locator = end >= 20 ? await file.read(end - 20, 20) : null;
  const needsZip64 = entries === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff;
  if (locator?.readUInt32LE(0) === EOCD64_LOCATOR) {
    const recordAt = u64(locator, 8);
    if (recordAt + 56 > end - 20) fail('zip64 目录结尾记录位置有误');
    const record = await file.read(recordAt, 56);
    if (record.readUInt32LE(0) !== EOCD64) fail('zip64 目录结尾记录缺失');
    entries = u64(record, 32);
    directorySize = u64(record, 40);
    directoryOffset = u64(record, 48);
    directoryEnd = recordAt;
  } else if (needsZip64) {
    fail('zip64 目录定位记录缺失');
  }
  if (directoryOffset + directorySize !== directoryEnd) {
    fail('zip 目录的位置与文件不符（文件被截断、拼接或已损坏）');
  }
  return { entries, directoryOffset, directorySize };
};

/** The zip64 extra field supplies the sizes and offset the fixed fields mark as 0xFFFFFFFF. */
const applyZip64 = (extra: Buffer, entry: Entry) => {
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      const next = () => {
        if (field + 8 > at + 4 + length) fail('zip64 扩展字段不完整');
        const value = u64(extra, field);
        field += 8;
        return value;
      };
      if (entry.unpackedSize === 0xffffffff) entry.unpackedSize = next();
      if (entry.packedSize === 0xffffffff) entry.packedSize = next();
      if (entry.localOffset === 0xffffffff) entry.localOffset = next();
      return;
    }
    at += 4 + length;
  }
};

/** A name a client may unpack without writing outside its folder. */
const safeName = (name: string): boolean => {
  if (name === '' || name.includes('\0')) return false;
  const path = name.replace(/\\/g, '/');
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return false;
  return !path.split('/').some((segment) => segment === '..');
};

const readDirectory = async (
  file: RandomAccess,
  location: { entries: number; directoryOffset: number; directorySize: number },
): Promise<Entry[]> => {
  if (location.entries === 0) fail('压缩包是空的');
  if (location.entries > ZIP_LIMITS.entries) fail(`压缩包的文件超过 ${ZIP_LIMITS.entries} 个`);
  const directory = await file.read(location.directoryOffset, location.directorySize);
  const entries: Entry[] = [];
  let at = 0;
  for (let i = 0; i < location.entries; i++) {
    if (at + CENTRAL_SIZE > directory.length || directory.readUInt32LE(at) !== CENTRAL) {
      fail('zip 目录记录损坏');
    }
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const next = at + CENTRAL_SIZE + nameLength + extraLength + commentLength;
    if (next > directory.length) fail('zip 目录记录损坏');
    const entry: Entry = {
      name: directory.toString('utf8', at + CENTRAL_SIZE, at + CENTRAL_SIZE + nameLength),
      flags: directory.readUInt16LE(at + 8),
      method: directory.readUInt16LE(at + 10),
      crc: directory.readUInt32LE(at + 16),
      packedSize: directory.readUInt32LE(at + 20),
      unpackedSize: directory.readUInt32LE(at + 24),
      localOffset: directory.readUInt32LE(at + 42),
    };
    applyZip64(
      directory.subarray(at + CENTRAL_SIZE + nameLength, at + CENTRAL_SIZE + nameLength + extraLength),
      entry,
    );
    if (!safeName(entry.name)) fail(`压缩包含有不安全的路径：${entry.name}`);
    if (entry.flags & 0x1) fail('不支持加密的压缩包');
    if (entry.method !== 0 && entry.method !== 8) fail(`不支持的压缩方式（${entry.method}）：${entry.name}`);
    entries.push(entry);
    at = next;
  }
  if (at !== directory.length) fail('zip 目录的条目数与目录大小不符');
  return entries;
};

/**
 * Unpacks one entry without keeping it, and compares its size and CRC-32 with the directory's.
 * Compressed data goes to zlib one piece at a time through `buffer`, reused once zlib has taken a
 * piece, so a check allocates no memory per piece (a new buffer each time is garbage that the
 * collector frees late, and the process's memory grows meanwhile).
 */
const verifyEntry = async (
  file: RandomAccess,
  entry: Entry,
  dataStart: number,
  buffer: Buffer,
  options: CheckOptions,
) => {
  let crc = 0;
  let size = 0;
  const take = (chunk: Buffer) => {
    size += chunk.length;
    // Stops a bomb: never unpack past what the directory declared.
    if (size > entry.unpackedSize) fail(`文件解压后比声明的大：${entry.name}`);
    crc = crc32(chunk, crc);
    options.onUnpacked?.(chunk.length);
  };
  const pieces = async function* () {
    for (let done = 0; done < entry.packedSize; ) {
      const length = Math.min(buffer.length, entry.packedSize - done);
      yield await file.read(dataStart + done, length, buffer);
      done += length;
    }
  };
  if (entry.method === 0) {
    for await (const piece of pieces()) take(piece);
  } else {
    const inflate = createInflateRaw();
    let refused: unknown = null;
    inflate.on('data', (chunk: Buffer) => {
      try {
        take(chunk);
      } catch (error) {
        refused = error;
        inflate.destroy();
      }
    });
    // Never rejects: an error (corrupt data, or destroyed above) is its value.
    const settled = finished(inflate).then(
      () => null,
      (error: unknown) => error,
    );
    for await (const piece of pieces()) {
      const wrote = new Promise<unknown>((resolve) =>
        inflate.write(piece, (error) => resolve(error ?? null)),
      );
      if ((await Promise.race([wrote, settled])) !== null || refused) break;
    }
    if (!inflate.destroyed) inflate.end();
    const error = await settled;
    if (refused) throw refused;
    if (error) fail(`文件无法解压：${entry.name}`);
  }
  if (size !== entry.unpackedSize || crc !== entry.crc) fail(`文件内容校验失败：${entry.name}`);
};

export interface CheckOptions {
  /** Told how many bytes each unpacked piece held (its caller may collect garbage as they flow). */
  onUnpacked?(bytes: number): void;
}

export const checkZip = async (file: RandomAccess, options: CheckOptions = {}): Promise<ZipSummary> => {
  const location = await readDirectoryLocation(file);
  const entries = await readDirectory(file, location);
  const unpackedSize = entries.reduce((sum, entry) => sum + entry.unpackedSize, 0);
  if (unpackedSize > ZIP_LIMITS.unpackedBytes) fail('压缩包解压后超过 2 GB');
  const buffer = Buffer.allocUnsafe(CHUNK);
  for (const entry of entries) {
    if (entry.localOffset + LOCAL_SIZE > location.directoryOffset) fail(`文件记录位置有误：${entry.name}`);
    const header = await file.read(entry.localOffset, LOCAL_SIZE);
    if (header.readUInt32LE(0) !== LOCAL) fail(`文件记录缺失：${entry.name}`);
    const dataStart = entry.localOffset + LOCAL_SIZE + header.readUInt16LE(26) + header.readUInt16LE(28);
    if (dataStart + entry.packedSize > location.directoryOffset) fail(`文件数据超出范围：${entry.name}`);
    await verifyEntry(file, entry, dataStart, buffer, options);
  }
  return {
    files: entries.filter((entry) => !entry.name.endsWith('/')).length,
    unpackedSize,
  };
};

/** Random access to bytes in memory (tests, small files). */
export const bufferAccess = (buffer: Buffer): RandomAccess => ({
  size: buffer.length,
  read: async (position, length, into) => {
    if (position < 0 || position + length > buffer.length) fail('读取位置超出文件');
    if (!into) return buffer.subarray(position, position + length);
    buffer.copy(into, 0, position, position + length);
    return into.subarray(0, length);
  },
});
