import type { FilePurpose } from '@uniwim/contracts';

/**
 * What a file is, decided from its first bytes (never from its name or the browser's header): the
 * kind, the content type it is served with, and the extension a download gets.
 */
export interface SniffedType {
  kind: FileKind;
  contentType: string;
  ext: string;
}

export type FileKind =
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'webp'
  | 'ico'
  | 'bmp'
  | 'svg'
  | 'pdf'
  | 'zip'
  | 'docx'
  | 'xlsx'
  | 'pptx'
  | 'ole'
  | 'text'
  | 'executable'
  | 'binary';

/** How many leading bytes the sniffer looks at (enough for the ZIP entries of an Office file). */
export const SNIFF_BYTES = 64 * 1024;

const at = (bytes: Uint8Array, magic: readonly number[], offset = 0) =>
  bytes.length >= offset + magic.length && magic.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const type = (kind: FileKind, contentType: string, ext: string): SniffedType => ({ kind, contentType, ext });

const IMAGES: [number[], SniffedType][] = [
  [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], type('png', 'image/png', 'png')],
  [[0xff, 0xd8, 0xff], type('jpeg', 'image/jpeg', 'jpg')],
  [ascii('GIF87a'), type('gif', 'image/gif', 'gif')],
  [ascii('GIF89a'), type('gif', 'image/gif', 'gif')],
  [[0x00, 0x00, 0x01, 0x00], type('ico', 'image/x-icon', 'ico')],
];

/** Programs a machine runs: Windows PE, ELF, Mach-O (thin and fat), WebAssembly (all binary). */
const EXECUTABLES: number[][] = [
  ascii('MZ'),
  [0x7f, 0x45, 0x4c, 0x46],
  [0xfe, 0xed, 0xfa, 0xce],
  [0xfe, 0xed, 0xfa, 0xcf],
  [0xce, 0xfa, 0xed, 0xfe],
  [0xcf, 0xfa, 0xed, 0xfe],
  [0xca, 0xfe, 0xba, 0xbe],
  [0x00, 0x61, 0x73, 0x6d],
];

const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_ENTRY = [0x50, 0x4b, 0x03, 0x04];
const ZIP_EMPTY = [0x50, 0x4b, 0x05, 0x06];

/** The names of the entries whose local headers lie in `bytes` (the start of a ZIP archive). */
const zipEntryNames = (bytes: Uint8Array): string[] => {
  const names: string[] = [];
  const decoder = new TextDecoder();
  for (let offset = 0; offset + 30 <= bytes.length && names.length < 200; offset++) {
    if (!at(bytes, ZIP_ENTRY, offset)) continue;
    const nameLength = bytes[offset + 26]! | (bytes[offset + 27]! << 8);
    const start = offset + 30;
    if (nameLength === 0 || start + nameLength > bytes.length) continue;
    names.push(decoder.decode(bytes.subarray(start, start + nameLength)));
    offset = start + nameLength - 1;
  }
  return names;
};

const officeKindOf = (bytes: Uint8Array): SniffedType => {
  const names = zipEntryNames(bytes);
  if (names.some((name) => name.startsWith('word/')))
    return type('docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx');
  if (names.some((name) => name.startsWith('xl/')))
    return type('xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx');
  if (names.some((name) => name.startsWith('ppt/')))
    return type('pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation', 'pptx');
  return type('zip', 'application/zip', 'zip');
};

/**
 * Text: valid UTF-8 (the last character may be cut by the end of the sniffed bytes) with no NUL and
 * no control characters other than tab, line feed, carriage return and form feed.
 */
const isText = (bytes: Uint8Array, complete: boolean): boolean => {
  let body = bytes;
  if (at(body, [0xef, 0xbb, 0xbf])) body = body.subarray(3);
  for (const byte of body) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return false;
    if (byte === 0x7f) return false;
  }
  // A character cut by the end of the head is not an error; trim up to three bytes of one.
  let end = body.length;
  if (!complete) {
    for (let back = 1; back <= 3 && end - back >= 0; back++) {
      const byte = body[end - back]!;
      if ((byte & 0xc0) === 0xc0) {
        end -= back;
        break;
      }
      if ((byte & 0x80) === 0) break;
    }
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(body.subarray(0, end));
    return true;
  } catch {
    return false;
  }
};

const SVG_START =
  /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i;

/**
 * The type of a file from its first bytes (`complete`: these are all of them). Anything not
 * recognised is `binary` (application/octet-stream).
 */
export const sniffType = (head: Uint8Array, complete: boolean): SniffedType => {
  for (const [magic, sniffed] of IMAGES) if (at(head, magic)) return sniffed;
  if (at(head, ascii('RIFF')) && at(head, ascii('WEBP'), 8)) return type('webp', 'image/webp', 'webp');
  if (at(head, ascii('BM')) && head.length >= 26 && at(head, [0, 0, 0, 0], 6)) {
    return type('bmp', 'image/bmp', 'bmp');
  }
  if (at(head, ascii('%PDF-'))) return type('pdf', 'application/pdf', 'pdf');
  if (at(head, ZIP_ENTRY)) return officeKindOf(head);
  if (at(head, ZIP_EMPTY)) return type('zip', 'application/zip', 'zip');
  if (at(head, OLE)) return type('ole', 'application/x-ole-storage', 'doc');
  const text = head.length > 0 && isText(head, complete);
  const executable = at(head, ascii('#!')) || (!text && EXECUTABLES.some((magic) => at(head, magic)));
  if (executable) return type('executable', 'application/octet-stream', 'bin');
  if (text) {
    const start = new TextDecoder().decode(head.subarray(0, 4096)).replace(/^\uFEFF/, '');
    if (SVG_START.test(start)) return type('svg', 'image/svg+xml', 'svg');
    return type('text', 'text/plain', 'txt');
  }
  return type('binary', 'application/octet-stream', 'bin');
};

const IMAGE_KINDS: readonly FileKind[] = ['png', 'jpeg', 'gif', 'webp', 'ico', 'bmp'];
const DOCUMENT_KINDS: readonly FileKind[] = ['pdf', 'docx', 'xlsx', 'pptx', 'ole', 'text', ...IMAGE_KINDS];
const PACKAGE_KINDS: readonly FileKind[] = ['zip', 'docx', 'xlsx', 'pptx'];

/** Why a purpose refuses a file of this type (the message shown), or null when it takes it. */
export const refusalOf = (purpose: FilePurpose, sniffed: SniffedType): string | null => {
  if (sniffed.kind === 'executable') return '不允许上传可执行文件';
  switch (purpose) {
    case 'image':
      if (sniffed.kind === 'svg') return 'SVG 图片可能含有脚本，请转换为 PNG 后上传';
      return IMAGE_KINDS.includes(sniffed.kind) ? null : '只支持 PNG、JPEG、GIF、WebP、BMP 或 ICO 图片';
    case 'document':
      return DOCUMENT_KINDS.includes(sniffed.kind)
        ? null
        : '只支持 PDF、Word、Excel、PowerPoint、文本文件或图片';
    case 'package':
      return PACKAGE_KINDS.includes(sniffed.kind) ? null : '安装包只支持 ZIP 格式';
    case 'attachment':
      return null;
  }
};

/** Images and PDF are shown in the page; everything else is downloaded. */
export const isPreviewable = (contentType: string): boolean =>
  contentType === 'application/pdf' || (contentType.startsWith('image/') && contentType !== 'image/svg+xml');

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/x-icon': 'ico',
  'image/bmp': 'bmp',
  'image/svg+xml': 'svg',
  'application/pdf': 'pdf',
  'application/zip': 'zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/x-ole-storage': 'doc',
  'text/plain': 'txt',
};

/** The extension of a stored file's sniffed content type (`bin` for anything unrecognised). */
export const extensionOf = (contentType: string): string => EXTENSIONS[contentType] ?? 'bin';
