import {
  PATTERN_DOT,
  PATTERN_MARGIN,
  PATTERN_PITCH,
  TRACE_ID_PATTERN,
  tracePatternCells,
} from '@uniwim/contracts/client';

/**
 * Spec section 3 "Watermark options" and section 9 defaults. The watermark is a layer of tiled,
 * rotated text over the shell that lets no click through to itself and puts itself back when it
 * is removed or restyled (for example through the browser's developer tools).
 */
export interface WatermarkOptions {
  /** One line per entry; a string with newlines also gives several lines. */
  text: string | string[];
  /** "fixed" covers the viewport; "absolute" covers the container (which must be positioned). */
  position: 'fixed' | 'absolute';
  /** Tiles per column / per row over the container; 0 tiles at `size` plus `spacing`. */
  rows: number;
  columns: number;
  /** Gap between tiles, in px. */
  spacing: number;
  color: string;
  alpha: number;
  fontSize: string;
  font: string;
  /** Size of one tile, in px, before spacing. */
  size: { width: number; height: number };
  /** Degrees the text rises from the horizontal. */
  angle: number;
  zIndex: number;
  /**
   * Issue 16: the view's trace id (8 characters, '' for none): written as a last line of the text and
   * drawn as a faint dot grid in every tile, so a cropped screenshot still carries it.
   */
  traceId: string;
  /** The word before the trace id on its line, in the page's language (issue 25). */
  traceLabel: string;
}

export const WATERMARK_DEFAULTS: Readonly<WatermarkOptions> = Object.freeze({
  text: '',
  position: 'fixed',
  rows: 0,
  columns: 0,
  spacing: 60,
  color: '#aaa',
  alpha: 0.4,
  fontSize: '15px',
  font: 'sans-serif',
  size: Object.freeze({ width: 200, height: 120 }),
  angle: 20,
  zIndex: 9999,
  traceId: '',
  traceLabel: '追踪码',
});

const finiteOr = (value: number | undefined, fallback: number, min: number, max: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;

/** Options with defaults filled in and numbers kept in a range that draws something sensible. */
export const resolveWatermarkOptions = (options: Partial<WatermarkOptions>): WatermarkOptions => {
  const d = WATERMARK_DEFAULTS;
  return {
    text: options.text ?? d.text,
    position: options.position === 'absolute' ? 'absolute' : 'fixed',
    rows: Math.round(finiteOr(options.rows, d.rows, 0, 50)),
    columns: Math.round(finiteOr(options.columns, d.columns, 0, 50)),
    spacing: finiteOr(options.spacing, d.spacing, 0, 1000),
    color: options.color || d.color,
    alpha: finiteOr(options.alpha, d.alpha, 0, 1),
    fontSize: /^\d+(\.\d+)?px$/.test(options.fontSize ?? '') ? options.fontSize! : d.fontSize,
    font: options.font || d.font,
    size: {
      width: finiteOr(options.size?.width, d.size.width, 20, 2000),
      height: finiteOr(options.size?.height, d.size.height, 20, 2000),
    },
    angle: finiteOr(options.angle, d.angle, -360, 360),
    zIndex: Math.round(finiteOr(options.zIndex, d.zIndex, -1, 2_147_483_647)),
    traceId: TRACE_ID_PATTERN.test(options.traceId ?? '') ? options.traceId! : '',
    traceLabel: options.traceLabel?.trim() || d.traceLabel,
  };
};

/** 13900000001 → 139****0001; anything that is not an 11-digit number (already masked, foreign) as is. */
export const maskPhone = (mobile: string | null | undefined): string => {
  const value = (mobile ?? '').trim();
  return /^\d{11}$/.test(value) ? `${value.slice(0, 3)}****${value.slice(7)}` : value;
};

/** The user's watermark: name (or account) and masked phone, e.g. "张三 139****0001". */
export const watermarkText = (user: {
  name?: string | null;
  username?: string | null;
  mobile?: string | null;
}): string =>
  [user.name || user.username || '', maskPhone(user.mobile)].filter((part) => part !== '').join(' ');

export const textLines = (text: string | string[]): string[] =>
  (Array.isArray(text) ? text : text.split('\n')).map((line) => line.trim()).filter((line) => line !== '');

/** Size of one background tile: fixed rows/columns divide the area, otherwise size plus spacing. */
export const tileSize = (
  options: WatermarkOptions,
  area: { width: number; height: number },
): { width: number; height: number } => ({
  width:
    options.columns > 0 ? Math.max(20, area.width / options.columns) : options.size.width + options.spacing,
  height: options.rows > 0 ? Math.max(20, area.height / options.rows) : options.size.height + options.spacing,
});

/**
 * The layer's whole inline style. Every declaration is !important, so no stylesheet can hide the
 * layer; an edit of the style attribute itself is caught by the observer instead.
 */
export const watermarkLayerStyle = (
  options: WatermarkOptions,
  tileUrl: string,
  tile: { width: number; height: number },
): string =>
  [
    `position:${options.position}`,
    'inset:0',
    'width:100%',
    'height:100%',
    'margin:0',
    'padding:0',
    'pointer-events:none',
    `z-index:${options.zIndex}`,
    `background-image:url("${tileUrl}")`,
    'background-repeat:repeat',
    'background-position:0 0',
    `background-size:${tile.width}px ${tile.height}px`,
    'display:block',
    'visibility:visible',
    'opacity:1',
    'transform:none',
    'filter:none',
    'clip-path:none',
  ]
    .map((declaration) => `${declaration} !important`)
    .join(';');

/** The part of a canvas the drawing needs (so tests can pass a recording fake). */
export interface TileCanvas {
  width: number;
  height: number;
  getContext(
    type: '2d',
  ): Pick<
    CanvasRenderingContext2D,
    | 'translate'
    | 'rotate'
    | 'fillText'
    | 'scale'
    | 'font'
    | 'fillStyle'
    | 'globalAlpha'
    | 'textAlign'
    | 'textBaseline'
    | 'setTransform'
    | 'fillRect'
  > | null;
  toDataURL(type?: string): string;
}

/** The watermark's visible line naming the trace id (the label in the page's language). */
export const traceLine = (traceId: string, label: string = WATERMARK_DEFAULTS.traceLabel): string =>
  `${label} ${traceId}`;

/** Darkness of the trace dots: about 13 levels of 255 on white, hard to see, easy to measure. */
const TRACE_DOT_ALPHA = 0.05;

/**
 * The trace id's dot grid in the tile's top-left corner, unrotated and in whole device pixels (a
 * dot smeared over two pixels would fade below what a decoder can tell from the page).
 */
const drawTracePattern = (
  context: Pick<CanvasRenderingContext2D, 'setTransform' | 'fillRect' | 'fillStyle' | 'globalAlpha'>,
  traceId: string,
  pixelRatio: number,
) => {
  const cells = tracePatternCells(traceId);
  if (!cells) return;
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.fillStyle = '#000';
  context.globalAlpha = TRACE_DOT_ALPHA;
  const pitch = Math.round(PATTERN_PITCH * pixelRatio);
  const dot = Math.max(1, Math.round(PATTERN_DOT * pixelRatio));
  const margin = Math.round(PATTERN_MARGIN * pixelRatio);
  cells.forEach((row, y) => {
    row.forEach((on, x) => {
      if (on) context.fillRect(margin + x * pitch, margin + y * pitch, dot, dot);
    });
  });
};

/** Draws one tile: the text lines centred and rotated by `angle`, as a PNG data URL. */
export const drawWatermarkTile = (
  canvas: TileCanvas,
  options: WatermarkOptions,
  tile: { width: number; height: number },
  pixelRatio = 1,
): string => {
  canvas.width = Math.ceil(tile.width * pixelRatio);
  canvas.height = Math.ceil(tile.height * pixelRatio);
  const context = canvas.getContext('2d');
  if (!context) return '';
  context.scale(pixelRatio, pixelRatio);
  context.translate(tile.width / 2, tile.height / 2);
  context.rotate((-options.angle * Math.PI) / 180);
  context.font = `${options.fontSize} ${options.font}`;
  context.fillStyle = options.color;
  context.globalAlpha = options.alpha;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  const lines = [
    ...textLines(options.text),
    ...(options.traceId ? [traceLine(options.traceId, options.traceLabel)] : []),
  ];
  const lineHeight = Number.parseFloat(options.fontSize) * 1.5;
  lines.forEach((line, index) => {
    context.fillText(line, 0, (index - (lines.length - 1) / 2) * lineHeight);
  });
  if (options.traceId) drawTracePattern(context, options.traceId, pixelRatio);
  return canvas.toDataURL('image/png');
};

/** What mountWatermark uses of the browser; the defaults are the page's own. */
export interface WatermarkEnvironment {
  document: Pick<Document, 'createElement'>;
  MutationObserver: typeof MutationObserver;
  pixelRatio?: number;
  /** Subscribes to viewport size changes (tiles by rows/columns follow them); returns an unsubscribe. */
  onResize?: (listener: () => void) => () => void;
}

const browserEnvironment = (): WatermarkEnvironment => ({
  document,
  MutationObserver,
  pixelRatio: globalThis.devicePixelRatio || 1,
  onResize: (listener) => {
    addEventListener('resize', listener);
    return () => removeEventListener('resize', listener);
  },
});

export const WATERMARK_LAYER_ATTRIBUTE = 'data-watermark';
/** The layer's trace id in the page (issue 16): what the watermark's last line shows. */
export const WATERMARK_TRACE_ATTRIBUTE = 'data-watermark-trace';

/**
 * Puts the watermark layer into `container` and keeps it there: when the layer is removed, or any of
 * its attributes (style, class, hidden...) is changed, a new layer takes its place. Returns a
 * disposer that removes the layer and stops watching.
 */
export const mountWatermark = (
  container: HTMLElement,
  options: Partial<WatermarkOptions>,
  env: WatermarkEnvironment = browserEnvironment(),
): (() => void) => {
  const resolved = resolveWatermarkOptions(options);
  let layer: HTMLElement | null = null;
  let disposed = false;

  const area = () => ({ width: container.clientWidth || 1920, height: container.clientHeight || 1080 });

  // A redraw after tampering reuses the drawing: only a new tile size needs a new one.
  let drawn: { key: string; url: string } | null = null;
  const tileUrl = (tile: { width: number; height: number }): string => {
    const key = `${tile.width}x${tile.height}`;
    if (drawn?.key !== key) {
      const canvas = env.document.createElement('canvas') as unknown as TileCanvas;
      drawn = { key, url: drawWatermarkTile(canvas, resolved, tile, env.pixelRatio ?? 1) };
    }
    return drawn.url;
  };

  const createLayer = (): HTMLElement => {
    const tile = tileSize(resolved, area());
    const url = tileUrl(tile);
    const element = env.document.createElement('div');
    element.setAttribute(WATERMARK_LAYER_ATTRIBUTE, '');
    element.setAttribute('aria-hidden', 'true');
    if (resolved.traceId) element.setAttribute(WATERMARK_TRACE_ATTRIBUTE, resolved.traceId);
    element.setAttribute('style', watermarkLayerStyle(resolved, url, tile));
    return element;
  };

  // Attribute changes of the layer (style, class, hidden...) replace it at once; a second observer
  // on the container's children catches the layer being removed.
  const attributeObserver = new env.MutationObserver(() => {
    if (!disposed) redraw();
  });
  const childObserver = new env.MutationObserver(() => {
    if (!disposed && layer?.parentNode !== container) redraw();
  });

  const redraw = () => {
    attributeObserver.disconnect();
    if (layer && layer.parentNode === container) container.removeChild(layer);
    layer = createLayer();
    container.appendChild(layer);
    attributeObserver.observe(layer, { attributes: true });
  };

  redraw();
  childObserver.observe(container, { childList: true });
  const stopResize =
    resolved.rows > 0 || resolved.columns > 0 ? env.onResize?.(() => !disposed && redraw()) : undefined;

  return () => {
    disposed = true;
    stopResize?.();
    childObserver.disconnect();
    attributeObserver.disconnect();
    if (layer && layer.parentNode === container) container.removeChild(layer);
    layer = null;
  };
};

/** The active tenant's watermark policy (GET /ump/watermark, issue 13's security policy). */
export interface WatermarkPolicyValues {
  enabled: boolean;
  text: string;
  color: string;
  alpha: number;
  fontSize: number;
  angle: number;
}

/**
 * The options the tenant's policy asks for; null when it turned the watermark off. Its text may name
 * the user with {name}, {account} and {mobile} (masked); an empty one is the default name and phone.
 */
export const watermarkOptionsFor = (
  policy: WatermarkPolicyValues,
  user: { name?: string | null; username?: string | null; mobile?: string | null },
): Partial<WatermarkOptions> | null => {
  if (!policy.enabled) return null;
  const text =
    policy.text.trim() === ''
      ? watermarkText(user)
      : policy.text
          .replaceAll('{name}', user.name || user.username || '')
          .replaceAll('{account}', user.username ?? '')
          .replaceAll('{mobile}', maskPhone(user.mobile));
  return {
    text,
    color: policy.color,
    alpha: policy.alpha,
    fontSize: `${policy.fontSize}px`,
    angle: policy.angle,
  };
};
