/**
 * The allow-list HTML sanitiser of notice bodies (issue 15). Everything not listed goes: unknown
 * tags are unwrapped (their text stays), dangerous ones go with their content (script, style,
 * frames, objects, forms' fields, svg/math), attributes are kept only where listed, links and image
 * sources only with a safe scheme, and inline styles only with listed properties whose values hold
 * nothing that runs (no expression(), url(), javascript:, escapes or comments). The answer is
 * well-formed: text is escaped again, attribute values re-quoted, open tags closed.
 */

const VOID = new Set(['br', 'hr', 'img', 'col']);
const ALLOWED_TAGS = new Set([
  ...['p', 'div', 'span', 'br', 'hr', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'ins', 'mark'],
  ...['sub', 'sup', 'small', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'pre'],
  ...['code', 'a', 'img', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup', 'col'],
  ...['figure', 'figcaption', 'font'],
]);
/** Removed together with everything inside them. */
const DROPPED_WITH_CONTENT = new Set([
  ...['script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'noscript', 'noembed'],
  ...['template', 'textarea', 'select', 'option', 'title', 'head', 'svg', 'math', 'xml', 'canvas', 'audio'],
  ...['video', 'noframes', 'xmp', 'plaintext'],
]);
const GLOBAL_ATTRIBUTES = new Set(['style', 'title', 'class']);
const TAG_ATTRIBUTES: Record<string, ReadonlySet<string>> = {
  a: new Set(['href', 'target']),
  img: new Set(['src', 'alt', 'width', 'height']),
  table: new Set(['border', 'cellpadding', 'cellspacing', 'width', 'align']),
  td: new Set(['colspan', 'rowspan', 'align', 'valign', 'width', 'height']),
  th: new Set(['colspan', 'rowspan', 'align', 'valign', 'width', 'height', 'scope']),
  tr: new Set(['align', 'valign']),
  col: new Set(['span', 'width']),
  colgroup: new Set(['span', 'width']),
  ol: new Set(['start', 'type']),
  font: new Set(['color', 'size']),
  p: new Set(['align']),
  div: new Set(['align']),
};
const STYLE_PROPERTIES = new Set([
  ...['color', 'background-color', 'font-size', 'font-weight', 'font-style', 'font-family', 'text-align'],
  ...['text-decoration', 'text-indent', 'line-height', 'letter-spacing', 'vertical-align', 'white-space'],
  ...['margin', 'margin-top', 'margin-bottom', 'margin-left', 'margin-right', 'padding', 'padding-top'],
  ...['padding-bottom', 'padding-left', 'padding-right', 'border', 'border-collapse', 'border-color'],
  ...['border-style', 'border-width', 'width', 'height', 'max-width', 'list-style-type'],
]);
/** Only plain values: words, numbers, units, colours, quoted font names; no escapes, no functions but rgb(). */
const STYLE_VALUE = /^[\w\s#.,%'"\-\u4e00-\u9fff]*(?:rgba?\([\d\s.,%]*\)[\w\s#.,%'"-]*)*$/;
const STYLE_FORBIDDEN = /expression|url\s*\(|javascript|vbscript|behaviou?r|binding|@import|\/\*|\\|<|>/i;
const NUMBERISH = /^[\d\s.%a-z]*$/i;

const LINK_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);
const IMAGE_SCHEMES = new Set(['http', 'https']);
const DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]+$/i;

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
};

/** Character references decoded (as a browser would before it reads an attribute). */
export const decodeEntities = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });

const escapeText = (text: string) =>
  text
    .replace(/&(?!(?:[a-z][a-z0-9]{1,31}|#\d{1,7}|#x[0-9a-f]{1,6});)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A link or image address that cannot run anything, or null. Relative addresses are kept. */
export const safeUrl = (raw: string, kind: 'link' | 'image'): string | null => {
  const value = decodeEntities(raw).trim();
  // Browsers ignore control characters and whitespace inside a scheme (java\tscript:).
  // biome-ignore lint/suspicious/noControlCharactersInRegex: those are the characters removed
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (kind === 'image' && DATA_IMAGE.test(compact)) return compact;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (!scheme) return compact.startsWith('//') && kind === 'image' ? null : value;
  const name = scheme[1]!.toLowerCase();
  return (kind === 'link' ? LINK_SCHEMES : IMAGE_SCHEMES).has(name) ? value : null;
};

/** The declarations of a style attribute that are allowed, or null when none is. */
export const safeStyle = (raw: string): string | null => {
  const kept: string[] = [];
  for (const declaration of decodeEntities(raw).split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (!STYLE_PROPERTIES.has(property) || value === '') continue;
    if (STYLE_FORBIDDEN.test(value) || !STYLE_VALUE.test(value)) continue;
    kept.push(`${property}: ${value}`);
  }
  return kept.length > 0 ? kept.join('; ') : null;
};

const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

const attributesOf = (tag: string, source: string): string => {
  const allowed = TAG_ATTRIBUTES[tag];
  const out: string[] = [];
  const seen = new Set<string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    if (seen.has(name) || !(GLOBAL_ATTRIBUTES.has(name) || allowed?.has(name))) continue;
    seen.add(name);
    const raw = match[2] ?? match[3] ?? match[4] ?? '';
    let value: string | null = decodeEntities(raw);
    if (name === 'href') value = safeUrl(raw, 'link');
    else if (name === 'src') value = safeUrl(raw, 'image');
    else if (name === 'style') value = safeStyle(raw);
    else if (name === 'target') value = value === '_blank' ? '_blank' : null;
    else if (
      name !== 'title' &&
      name !== 'alt' &&
      name !== 'class' &&
      !NUMBERISH.test(value) &&
      !/^#[0-9a-f]{3,8}$/i.test(value)
    )
      value = null;
    if (value === null) continue;
    out.push(`${name}="${escapeAttribute(value)}"`);
  }
  if (tag === 'a' && seen.has('target')) out.push('rel="noopener noreferrer"');
  return out.length > 0 ? ` ${out.join(' ')}` : '';
};

const OPEN_TAG =
  /<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'<>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?|\s*\/)*)\s*\/?>/y;
const CLOSE_TAG = /<\/([a-zA-Z][a-zA-Z0-9-]*)[^>]*>/y;
const COMMENT = /<!--[\s\S]*?(?:-->|$)|<[!?][^>]*>?/y;

/** The body as kept: only the allow-list's tags, attributes, addresses and styles. */
export const sanitizeHtml = (input: string): string => {
  let out = '';
  const open: string[] = [];
  let position = 0;
  let text = '';
  const flushText = () => {
    if (text !== '') out += escapeText(text);
    text = '';
  };
  while (position < input.length) {
    const lt = input.indexOf('<', position);
    if (lt < 0) {
      text += input.slice(position);
      break;
    }
    text += input.slice(position, lt);
    position = lt;
    COMMENT.lastIndex = lt;
    CLOSE_TAG.lastIndex = lt;
    OPEN_TAG.lastIndex = lt;
    const comment = COMMENT.exec(input);
    if (comment) {
      position = COMMENT.lastIndex;
      continue;
    }
    const close = CLOSE_TAG.exec(input);
    if (close) {
      position = CLOSE_TAG.lastIndex;
      const tag = close[1]!.toLowerCase();
      const at = open.lastIndexOf(tag);
      if (at >= 0) {
        flushText();
        while (open.length > at) out += `</${open.pop()}>`;
      }
      continue;
    }
    const tagMatch = OPEN_TAG.exec(input);
    if (!tagMatch) {
      // A lone "<" is text.
      text += '<';
      position = lt + 1;
      continue;
    }
    position = OPEN_TAG.lastIndex;
    const tag = tagMatch[1]!.toLowerCase();
    if (DROPPED_WITH_CONTENT.has(tag)) {
      const end = new RegExp(`</${tag}\\s*>`, 'ig');
      end.lastIndex = position;
      position = end.exec(input) ? end.lastIndex : input.length;
      continue;
    }
    if (!ALLOWED_TAGS.has(tag)) continue;
    flushText();
    out += `<${tag}${attributesOf(tag, tagMatch[2] ?? '')}>`;
    if (!VOID.has(tag) && !tagMatch[0].endsWith('/>')) open.push(tag);
    else if (!VOID.has(tag)) out += `</${tag}>`;
  }
  flushText();
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
};

/** Whether a sanitised body holds anything a reader sees (text, an image, a table). */
export const hasVisibleContent = (html: string): boolean =>
  /<(img|table|hr)\b/i.test(html) || decodeEntities(html.replace(/<[^>]*>/g, '')).trim() !== '';
