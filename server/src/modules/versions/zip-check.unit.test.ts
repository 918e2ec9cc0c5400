import { describe, expect, it } from 'vitest';
import { buildZip, samplePackage } from '../../../test/support/zip-builder';
import { bufferAccess, checkZip, ZIP_LIMITS, ZipCheckError } from './zip-check';

const check = (buffer: Buffer) => checkZip(bufferAccess(buffer));
const refusal = async (buffer: Buffer): Promise<string> => {
  try {
    await check(buffer);
  } catch (error) {
    if (error instanceof ZipCheckError) return error.message;
    throw error;
  }
  throw new Error('the archive was accepted');
};

/** Offsets of the first entry in a buildZip archive. */
const firstDataAt = (name: string) => 30 + Buffer.byteLength(name);

describe('checkZip', () => {
  it('accepts stored and deflated entries, counting files but not folders', async () => {
    const zip = samplePackage('devices');
    expect(await check(zip)).toEqual({
      files: 2,
      unpackedSize: '<!doctype html><title>devices</title>'.length * 20 + 'release of devices'.length,
    });
  });

  it('accepts an archive with a comment after its end record', async () => {
    const zip = buildZip([{ name: 'a.txt', data: 'hello' }], { comment: '版本 1.2.0' });
    expect((await check(zip)).files).toBe(1);
  });

  it('accepts what a streaming writer makes (`zip - -`: zip64 records beside plain fields)', async () => {
    const streamed = Buffer.from(
      'UEsDBC0AAAAAAFspeF16em/t//////////8BABQALQEAEAADAAAAAAAAAAMAAAAAAAAAaGkKUEsBAh4DLQAAAAAAWyl4XXp6b+0DAAAAAwAAAAEAAAAAAAAAAQAAAIARAAAAAC1QSwYGLAAAAAAAAAAeAy0AAAAAAAAAAAABAAAAAAAAAAEAAAAAAAAALwAAAAAAAAA2AAAAAAAAAFBLBgcAAAAAZQAAAAAAAAABAAAAUEsFBgAAAAABAAEALwAAADYAAAAAAA==',
      'base64',
    );
    expect(await check(streamed)).toEqual({ files: 1, unpackedSize: 3 });
  });

  it('refuses what is not a zip at all', async () => {
    expect(await refusal(Buffer.from('not a zip archive, only some text that is long enough'))).toMatch(
      /不是 zip/,
    );
    expect(await refusal(Buffer.alloc(5))).toMatch(/太小/);
    // A PNG signature with padding.
    expect(await refusal(Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64)]))).toMatch(
      /不是 zip/,
    );
  });

  it('refuses an empty archive', async () => {
    expect(await refusal(buildZip([]))).toBe('压缩包是空的');
  });

  it('refuses a truncated archive', async () => {
    const zip = samplePackage();
    expect(await refusal(zip.subarray(0, zip.length - 10))).toMatch(/不是 zip|损坏/);
    expect(await refusal(zip.subarray(40))).toMatch(/截断|损坏|不符/);
  });

  it('refuses data whose CRC does not match (a flipped byte of a stored file)', async () => {
    const zip = buildZip([{ name: 'a.txt', data: 'hello world', method: 0 }]);
    const at = firstDataAt('a.txt');
    zip.writeUInt8(zip.readUInt8(at) ^ 0xff, at);
    expect(await refusal(zip)).toBe('文件内容校验失败：a.txt');
  });

  it('refuses deflated data that does not inflate', async () => {
    const zip = buildZip([{ name: 'a.txt', data: 'hello world '.repeat(50) }]);
    const start = firstDataAt('a.txt');
    zip.fill(0xff, start, start + 8);
    expect(await refusal(zip)).toMatch(/无法解压|校验失败|比声明的大/);
  });

  it('stops unpacking past the declared size (a zip bomb declares little)', async () => {
    const zip = buildZip([{ name: 'bomb.bin', data: Buffer.alloc(1_000_000) }]);
    // Declare 10 bytes in the central directory: the entry unpacks to far more.
    const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    zip.writeUInt32LE(10, central + 24);
    expect(await refusal(zip)).toBe('文件解压后比声明的大：bomb.bin');
  });

  it('refuses archives declaring more than the unpacked limit', async () => {
    const zip = buildZip([{ name: 'big.bin', data: 'x' }]);
    const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    zip.writeUInt32LE(0xfffffff0, central + 24);
    const previous = ZIP_LIMITS.unpackedBytes;
    ZIP_LIMITS.unpackedBytes = 1024;
    try {
      expect(await refusal(zip)).toBe('压缩包解压后超过 2 GB');
    } finally {
      ZIP_LIMITS.unpackedBytes = previous;
    }
  });

  it.each(['../evil.sh', 'a/../../evil.sh', '/etc/passwd', 'C:/Windows/x.dll', '..\\evil.bat'])(
    'refuses an entry named %j (it would unpack outside its folder)',
    async (name) => {
      expect(await refusal(buildZip([{ name, data: 'x' }]))).toBe(`压缩包含有不安全的路径：${name}`);
    },
  );

  it('refuses encrypted entries and unknown compression methods', async () => {
    const encrypted = buildZip([{ name: 'a.txt', data: 'x' }]);
    const central = encrypted.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    encrypted.writeUInt16LE(0x0801, central + 8);
    expect(await refusal(encrypted)).toBe('不支持加密的压缩包');
    const lzma = buildZip([{ name: 'a.txt', data: 'x' }]);
    lzma.writeUInt16LE(14, lzma.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 10);
    expect(await refusal(lzma)).toBe('不支持的压缩方式（14）：a.txt');
  });

  it('refuses a directory entry pointing at no local header', async () => {
    const zip = buildZip([{ name: 'a.txt', data: 'x' }]);
    zip.writeUInt32LE(0, 0); // the local header's signature
    expect(await refusal(zip)).toBe('文件记录缺失：a.txt');
  });
});
