import { describe, expect, it } from 'vitest';
import { refusalOf, sniffType } from './sniff';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'latin1')] : part)),
  );

const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13], 'IHDR');
const EXE = (() => {
  const head = new Uint8Array(256);
  head.set(bytes('MZ'));
  head[0x3c] = 0x80;
  head.set(bytes('PE', [0, 0]), 0x80);
  return head;
})();

/** A ZIP local file header naming `name` (no data). */
const zipEntry = (name: string) => bytes('PK', [3, 4], new Array(22).fill(0), [name.length, 0, 0, 0], name);

describe('sniffType', () => {
  it('reads images from their first bytes', () => {
    expect(sniffType(PNG, false).contentType).toBe('image/png');
    expect(sniffType(bytes([0xff, 0xd8, 0xff, 0xe0]), true).kind).toBe('jpeg');
    expect(sniffType(bytes('GIF89a'), true).kind).toBe('gif');
    expect(sniffType(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), true).kind).toBe('webp');
    expect(sniffType(bytes([0, 0, 1, 0, 1, 0]), true).kind).toBe('ico');
  });

  it('tells executables apart from text that merely starts like one', () => {
    expect(sniffType(EXE, false).kind).toBe('executable');
    expect(sniffType(bytes([0x7f], 'ELF', [2, 1, 1, 0]), true).kind).toBe('executable');
    expect(sniffType(bytes([0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1]), true).kind).toBe('executable');
    expect(sniffType(bytes('#!/bin/sh\nrm -rf /\n'), true).kind).toBe('executable');
    expect(sniffType(bytes('MZ is how this note starts.\n'), true).kind).toBe('text');
  });

  it('reads Office files from the names of their ZIP entries', () => {
    expect(
      sniffType(
        new Uint8Array(Buffer.concat([zipEntry('[Content_Types].xml'), zipEntry('word/document.xml')])),
        false,
      ).kind,
    ).toBe('docx');
    expect(sniffType(zipEntry('xl/workbook.xml'), false).kind).toBe('xlsx');
    expect(sniffType(zipEntry('ppt/presentation.xml'), false).kind).toBe('pptx');
    expect(sniffType(zipEntry('app/index.html'), false).kind).toBe('zip');
    expect(sniffType(bytes('PK', [5, 6], new Array(18).fill(0)), true).kind).toBe('zip');
  });

  it('reads PDF, the older Office formats, text and SVG', () => {
    expect(sniffType(bytes('%PDF-1.7\n'), false).kind).toBe('pdf');
    expect(sniffType(bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), false).kind).toBe('ole');
    expect(sniffType(new Uint8Array(Buffer.from('供水管网 report\r\n')), true).kind).toBe('text');
    expect(sniffType(bytes('<?xml version="1.0"?>\n<svg xmlns="x">'), true).kind).toBe('svg');
    expect(sniffType(bytes([1, 2, 3, 0, 250]), true).kind).toBe('binary');
  });

  it('does not count a character cut by the end of the sniffed bytes against text', () => {
    const text = Buffer.from('管网'.repeat(10));
    expect(sniffType(new Uint8Array(text.subarray(0, text.length - 1)), false).kind).toBe('text');
    expect(sniffType(new Uint8Array(text.subarray(0, text.length - 1)), true).kind).toBe('binary');
  });
});

describe('refusalOf', () => {
  it('refuses executables for every purpose', () => {
    for (const purpose of ['image', 'document', 'package', 'attachment'] as const) {
      expect(refusalOf(purpose, sniffType(EXE, false))).toBe('不允许上传可执行文件');
    }
  });

  it('holds each purpose to its kinds', () => {
    const pdf = sniffType(bytes('%PDF-1.7'), false);
    const png = sniffType(PNG, false);
    const svg = sniffType(bytes('<svg>'), true);
    expect(refusalOf('image', png)).toBeNull();
    expect(refusalOf('image', pdf)).not.toBeNull();
    expect(refusalOf('image', svg)).toContain('SVG');
    expect(refusalOf('document', pdf)).toBeNull();
    expect(refusalOf('document', png)).toBeNull();
    expect(refusalOf('package', pdf)).toBe('安装包只支持 ZIP 格式');
    expect(refusalOf('package', sniffType(zipEntry('a.txt'), false))).toBeNull();
    expect(refusalOf('attachment', sniffType(bytes([1, 2, 0]), true))).toBeNull();
  });
});
