import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { attachmentHeader, contentTypeOf, resolvePackageFile } from './package-files';

const root = path.resolve('/data/packages');

describe('resolvePackageFile', () => {
  it('resolves plain names inside the packages folder', () => {
    expect(resolvePackageFile(root, 'devices-1.2.0.zip')).toBe(path.join(root, 'devices-1.2.0.zip'));
    expect(resolvePackageFile(root, 'devices/devices-1.2.0.zip')).toBe(
      path.join(root, 'devices', 'devices-1.2.0.zip'),
    );
  });

  it.each([
    '../pglite/PG_VERSION',
    'devices/../../secret',
    '/etc/passwd',
    '..',
    '.',
    '',
    'a/b/c.zip',
    'devices\\..\\..\\x',
    '.hidden',
    'devices/',
    'a\u0000.zip',
    '%2e%2e/x',
  ])('refuses %j', (name) => {
    expect(resolvePackageFile(root, name)).toBeNull();
  });
});

describe('download headers', () => {
  it('names the content type by extension, octet-stream otherwise', () => {
    expect(contentTypeOf('a.ZIP')).toBe('application/zip');
    expect(contentTypeOf('a.apk')).toBe('application/vnd.android.package-archive');
    expect(contentTypeOf('a.bin')).toBe('application/octet-stream');
  });

  it('gives an ASCII file name and the UTF-8 one', () => {
    expect(attachmentHeader('设备-1.0.zip')).toBe(
      `attachment; filename="__-1.0.zip"; filename*=UTF-8''${encodeURIComponent('设备-1.0.zip')}`,
    );
    expect(attachmentHeader('a"b\\c.zip')).toBe(
      `attachment; filename="a_b_c.zip"; filename*=UTF-8''a%22b%5Cc.zip`,
    );
  });
});
