/** The longest name kept for a file (characters). */
export const FILE_NAME_MAX = 200;

/** C0 and C1 controls, line separators and the bidirectional overrides that disguise an extension. */
const isInvisibleControl = (char: string): boolean => {
  const code = char.codePointAt(0)!;
  return (
    code <= 0x1f ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x2028 ||
    code === 0x2029 ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
};

/**
 * The name an upload is listed under: its last path part (browsers on Windows once sent the whole
 * path), without control characters, trimmed; `file` when nothing is left.
 */
export const cleanFileName = (raw: string | undefined): string => {
  const last = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = [...last]
    .filter((c) => !isInvisibleControl(c))
    .join('')
    .trim();
  const named = cleaned === '' || cleaned === '.' || cleaned === '..' ? 'file' : cleaned;
  return [...named].slice(0, FILE_NAME_MAX).join('');
};

/**
 * The name a download is saved under: the listed name with the extension of what the file really
 * is, so a PNG uploaded as `photo.exe` saves as `photo.png` and opens as the image it is.
 */
export const downloadNameOf = (name: string, ext: string): string => {
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const current = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  if (current === ext || (ext === 'jpg' && current === 'jpeg') || (ext === 'txt' && TEXT_EXTS.has(current))) {
    return name;
  }
  if (ext === 'doc' && OLE_EXTS.has(current)) return name;
  if (ext === 'bin') return name;
  return `${stem}.${ext}`;
};

/** Plain text goes by many names; any of them is kept. */
const TEXT_EXTS = new Set([
  'txt',
  'csv',
  'md',
  'log',
  'json',
  'xml',
  'yaml',
  'yml',
  'ini',
  'conf',
  'html',
  'htm',
  'css',
  'js',
  'ts',
  'sql',
]);
/** The older Office formats share one container (OLE). */
const OLE_EXTS = new Set(['doc', 'xls', 'ppt', 'msg', 'vsd']);

/** `inline` or `attachment`, with the name for every browser (ASCII fallback and UTF-8). */
export const contentDisposition = (disposition: 'inline' | 'attachment', name: string): string =>
  `${disposition}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;
