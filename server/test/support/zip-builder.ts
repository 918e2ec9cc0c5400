import { crc32, deflateRawSync } from 'node:zlib';

/**
 * Writes small zip archives for tests (stored or deflated entries, optionally with the sizes in a
 * data descriptor), so the package checks meet real archives and purposely broken ones.
 */
export interface ZipEntryInput {
  name: string;
  data?: Buffer | string;
  /** 8 (deflate, the default) or 0 (stored). */
  method?: 0 | 8;
}

export const buildZip = (entries: ZipEntryInput[], { comment = '' }: { comment?: string } = {}): Buffer => {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const input of entries) {
    const name = Buffer.from(input.name, 'utf8');
    const data = Buffer.isBuffer(input.data) ? input.data : Buffer.from(input.data ?? '', 'utf8');
    const method = input.name.endsWith('/') ? 0 : (input.method ?? 8);
    const packed = method === 8 ? deflateRawSync(data) : data;
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, packed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const commentBytes = Buffer.from(comment, 'utf8');
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(commentBytes.length, 20);
  return Buffer.concat([...locals, directory, end, commentBytes]);
};

/** A small package as a release would ship it. */
export const samplePackage = (label = 'app') =>
  buildZip([
    { name: `${label}/` },
    { name: `${label}/index.html`, data: `<!doctype html><title>${label}</title>`.repeat(20) },
    { name: `${label}/readme.txt`, data: `release of ${label}`, method: 0 },
  ]);
