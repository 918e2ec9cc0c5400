import { describe, expect, it } from 'vitest';
import { cleanFileName, contentDisposition, downloadNameOf } from './file-names';

describe('cleanFileName', () => {
  it('keeps the last path part without controls', () => {
    expect(cleanFileName('C:\\Users\\me\\报告.pdf')).toBe('报告.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('evil\u202Egnp.exe')).toBe('evilgnp.exe');
    expect(cleanFileName('a\nb\u0000.txt')).toBe('ab.txt');
    expect(cleanFileName('')).toBe('file');
    expect(cleanFileName('..')).toBe('file');
    expect(cleanFileName(undefined)).toBe('file');
    expect([...cleanFileName('名'.repeat(300))]).toHaveLength(200);
  });
});

describe('downloadNameOf', () => {
  it('gives a download the extension of what the file is', () => {
    expect(downloadNameOf('photo.exe', 'png')).toBe('photo.png');
    expect(downloadNameOf('photo.JPEG', 'jpg')).toBe('photo.JPEG');
    expect(downloadNameOf('notes.csv', 'txt')).toBe('notes.csv');
    expect(downloadNameOf('manual', 'pdf')).toBe('manual.pdf');
    expect(downloadNameOf('old.xls', 'doc')).toBe('old.xls');
    expect(downloadNameOf('data.bin.dat', 'bin')).toBe('data.bin.dat');
  });
});

describe('contentDisposition', () => {
  it('names the file for every browser', () => {
    expect(contentDisposition('inline', '报告 "1".pdf')).toBe(
      `inline; filename="__ _1_.pdf"; filename*=UTF-8''${encodeURIComponent('报告 "1".pdf')}`,
    );
  });
});
