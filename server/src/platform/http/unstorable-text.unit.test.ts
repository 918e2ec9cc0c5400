import { describe, expect, it } from 'vitest';
import { findUnstorableText, isStorableText } from './unstorable-text';

describe('unstorable text', () => {
  it('refuses NUL and lone surrogates, keeps surrogate pairs and Chinese', () => {
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('a\ud800')).toBe(false);
    expect(isStorableText('\udc00a')).toBe(false);
    expect(isStorableText('示范😀')).toBe(true);
    expect(isStorableText('')).toBe(true);
  });

  it('names the first bad value or key by its path', () => {
    expect(findUnstorableText({ a: ['ok', { b: 'x\u0000' }] }, 'body')).toBe('body.a[1].b');
    expect(findUnstorableText({ ['k\u0000']: 1 }, 'body')).toBe('body.k?');
    expect(findUnstorableText({ a: 1, b: [true, null], c: '好' }, 'body')).toBeNull();
    expect(findUnstorableText(undefined, 'body')).toBeNull();
  });

  it('walks a document nested far deeper than the call stack allows', () => {
    let deep: unknown = 'x\ud800';
    for (let level = 0; level < 200_000; level++) deep = [deep];
    expect(findUnstorableText(deep, 'body')).toMatch(/^body(\[0\]){200000}$/);
  });
});
