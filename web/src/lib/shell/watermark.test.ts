import { describe, expect, it } from 'vitest';
import {
  drawWatermarkTile,
  maskPhone,
  mountWatermark,
  resolveWatermarkOptions,
  type TileCanvas,
  tileSize,
  WATERMARK_DEFAULTS,
  WATERMARK_LAYER_ATTRIBUTE,
  type WatermarkEnvironment,
  watermarkLayerStyle,
  watermarkOptionsFor,
  watermarkText,
} from './watermark';

describe('spec section 9, watermark defaults', () => {
  it('are angle 20, alpha 0.4, colour #aaa, 15px, z-index 9999', () => {
    expect(WATERMARK_DEFAULTS).toMatchObject({
      angle: 20,
      alpha: 0.4,
      color: '#aaa',
      fontSize: '15px',
      zIndex: 9999,
    });
    expect(resolveWatermarkOptions({})).toMatchObject({ angle: 20, alpha: 0.4, color: '#aaa', zIndex: 9999 });
  });

  it('take the spec options (text, position, rows, columns, spacing, colour, alpha, font size, font, size, angle)', () => {
    const options = resolveWatermarkOptions({
      text: ['a', 'b'],
      position: 'absolute',
      rows: 4,
      columns: 5,
      spacing: 10,
      color: 'red',
      alpha: 0.2,
      fontSize: '18px',
      font: 'serif',
      size: { width: 300, height: 100 },
      angle: -30,
      zIndex: 10,
    });
    expect(options).toEqual({
      text: ['a', 'b'],
      position: 'absolute',
      rows: 4,
      columns: 5,
      spacing: 10,
      color: 'red',
      alpha: 0.2,
      fontSize: '18px',
      font: 'serif',
      size: { width: 300, height: 100 },
      angle: -30,
      zIndex: 10,
      traceId: '',
      traceLabel: '追踪码',
    });
  });

  it('keep numbers in range and refuse font sizes that are not pixels', () => {
    const options = resolveWatermarkOptions({ alpha: 7, fontSize: '1em;x', angle: Number.NaN, rows: -3 });
    expect(options).toMatchObject({ alpha: 1, fontSize: '15px', angle: 20, rows: 0 });
  });
});

describe('watermark text', () => {
  it('is the user name and the masked phone', () => {
    expect(watermarkText({ name: '张三', username: 'zhang', mobile: '13900000001' })).toBe(
      '张三 139****0001',
    );
    expect(watermarkText({ name: '', username: 'zhang', mobile: '139****0001' })).toBe('zhang 139****0001');
    expect(watermarkText({ name: '李四', mobile: null })).toBe('李四');
  });

  it('masks 11-digit numbers only', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('+8613812345678')).toBe('+8613812345678');
    expect(maskPhone(undefined)).toBe('');
  });
});

describe('watermark layer', () => {
  const options = resolveWatermarkOptions({ text: '张三 139****0001' });

  it('tiles at size plus spacing, or divides the area by rows and columns', () => {
    expect(tileSize(options, { width: 1000, height: 600 })).toEqual({ width: 260, height: 180 });
    expect(tileSize({ ...options, rows: 3, columns: 4 }, { width: 1000, height: 600 })).toEqual({
      width: 250,
      height: 200,
    });
  });

  it('lets clicks through, sits at z-index 9999 and cannot be hidden by a stylesheet', () => {
    const css = watermarkLayerStyle(options, 'data:image/png;base64,AA', { width: 260, height: 180 });
    for (const part of [
      'pointer-events:none !important',
      'z-index:9999 !important',
      'position:fixed !important',
      'background-size:260px 180px !important',
      'background-image:url("data:image/png;base64,AA") !important',
      'display:block !important',
    ]) {
      expect(css).toContain(part);
    }
    const plain = watermarkLayerStyle(options, 'tile.png', { width: 260, height: 180 });
    expect(plain.split(';').every((declaration) => declaration.endsWith(' !important'))).toBe(true);
  });

  it('draws each text line rotated by -angle with the colour and alpha', () => {
    const calls: unknown[][] = [];
    const context = {
      font: '',
      fillStyle: '',
      globalAlpha: 1,
      textAlign: '',
      textBaseline: '',
      scale: (...args: unknown[]) => calls.push(['scale', ...args]),
      translate: (...args: unknown[]) => calls.push(['translate', ...args]),
      rotate: (...args: unknown[]) => calls.push(['rotate', ...args]),
      fillText: (...args: unknown[]) => calls.push(['fillText', ...args]),
    };
    const canvas = { width: 0, height: 0, getContext: () => context, toDataURL: () => 'data:tile' };
    const url = drawWatermarkTile(
      canvas as unknown as TileCanvas,
      { ...options, text: 'one\ntwo' },
      { width: 260, height: 180 },
      2,
    );
    expect(url).toBe('data:tile');
    expect([canvas.width, canvas.height]).toEqual([520, 360]);
    expect(context).toMatchObject({ font: '15px sans-serif', fillStyle: '#aaa', globalAlpha: 0.4 });
    expect(calls).toContainEqual(['rotate', (-20 * Math.PI) / 180]);
    expect(calls.filter((call) => call[0] === 'fillText').map((call) => call[1])).toEqual(['one', 'two']);
  });
});

/** Just enough DOM for mountWatermark: elements with attributes and children, and observers fired by hand. */
class FakeElement {
  attributes = new Map<string, string>();
  children: FakeElement[] = [];
  parentNode: FakeElement | null = null;
  clientWidth = 1280;
  clientHeight = 800;
  constructor(readonly tagName: string) {}
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
    observers.notify(this, 'attributes');
  }
  getAttribute(name: string) {
    return this.attributes.get(name) ?? null;
  }
  appendChild(child: FakeElement) {
    this.children.push(child);
    child.parentNode = this;
    observers.notify(this, 'childList');
    return child;
  }
  removeChild(child: FakeElement) {
    this.children = this.children.filter((c) => c !== child);
    child.parentNode = null;
    observers.notify(this, 'childList');
    return child;
  }
  getContext() {
    return null;
  }
  toDataURL() {
    return '';
  }
}

const observers = {
  pending: new Set<FakeObserver>(),
  all: new Set<FakeObserver>(),
  notify(target: FakeElement, kind: 'attributes' | 'childList') {
    for (const observer of this.all) if (observer.watches(target, kind)) this.pending.add(observer);
  },
  /** Delivers queued records, as the browser does after the current task. */
  flush() {
    for (let round = 0; round < 10 && this.pending.size > 0; round += 1) {
      const due = [...this.pending];
      this.pending.clear();
      for (const observer of due) observer.callback([], observer as never);
    }
  },
};

class FakeObserver {
  targets: [FakeElement, MutationObserverInit][] = [];
  constructor(readonly callback: MutationCallback) {
    observers.all.add(this);
  }
  observe(target: FakeElement, init: MutationObserverInit) {
    this.targets.push([target, init]);
  }
  disconnect() {
    this.targets = [];
    observers.pending.delete(this);
  }
  takeRecords() {
    return [];
  }
  watches(target: FakeElement, kind: 'attributes' | 'childList') {
    return this.targets.some(([t, init]) => t === target && Boolean(init[kind]));
  }
}

const fakeEnvironment = (): WatermarkEnvironment => ({
  document: { createElement: (tag: string) => new FakeElement(tag) } as never,
  MutationObserver: FakeObserver as never,
});

const layersIn = (container: FakeElement) =>
  container.children.filter((child) => child.attributes.has(WATERMARK_LAYER_ATTRIBUTE));

describe('mountWatermark', () => {
  it('adds one layer to the container', () => {
    const body = new FakeElement('body');
    mountWatermark(body as never, { text: 'x' }, fakeEnvironment());
    observers.flush();
    expect(layersIn(body)).toHaveLength(1);
    expect(layersIn(body)[0]!.getAttribute('style')).toContain('z-index:9999 !important');
  });

  it('draws a new layer when the layer is removed', () => {
    const body = new FakeElement('body');
    mountWatermark(body as never, { text: 'x' }, fakeEnvironment());
    observers.flush();
    const first = layersIn(body)[0]!;
    body.removeChild(first);
    expect(layersIn(body)).toHaveLength(0);
    observers.flush();
    expect(layersIn(body)).toHaveLength(1);
    expect(layersIn(body)[0]).not.toBe(first);
  });

  it('draws a new layer when its style is changed', () => {
    const body = new FakeElement('body');
    mountWatermark(body as never, { text: 'x' }, fakeEnvironment());
    observers.flush();
    const first = layersIn(body)[0]!;
    const style = first.getAttribute('style');
    first.setAttribute('style', 'display:none');
    observers.flush();
    expect(layersIn(body)).toHaveLength(1);
    expect(layersIn(body)[0]!.getAttribute('style')).toBe(style);
    expect(first.parentNode).toBeNull();
  });

  it('removes the layer and stops watching when disposed', () => {
    const body = new FakeElement('body');
    const dispose = mountWatermark(body as never, { text: 'x' }, fakeEnvironment());
    observers.flush();
    dispose();
    observers.flush();
    expect(layersIn(body)).toHaveLength(0);
    body.appendChild(new FakeElement('div'));
    observers.flush();
    expect(layersIn(body)).toHaveLength(0);
  });
});

describe('watermarkOptionsFor', () => {
  const policy = { enabled: true, text: '', color: '#123456', alpha: 0.3, fontSize: 18, angle: 30 };
  const user = { name: '李运维', username: 'water.op', mobile: '13900000002' };

  it('is off when the tenant turned it off', () => {
    expect(watermarkOptionsFor({ ...policy, enabled: false }, user)).toBeNull();
  });

  it('keeps the default text and takes the policy’s look', () => {
    expect(watermarkOptionsFor(policy, user)).toEqual({
      text: '李运维 139****0002',
      color: '#123456',
      alpha: 0.3,
      fontSize: '18px',
      angle: 30,
    });
  });

  it('fills in the tenant’s own text', () => {
    expect(watermarkOptionsFor({ ...policy, text: '内部资料 {name}（{account}）{mobile}' }, user)?.text).toBe(
      '内部资料 李运维（water.op）139****0002',
    );
  });
});
