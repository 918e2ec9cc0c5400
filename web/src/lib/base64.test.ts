import { describe, expect, it } from 'vitest';
import { base64ToBytes, base64ToUtf8, bytesToBase64, utf8ToBase64 } from './base64';

describe('base64 helpers', () => {
  it('encode UTF-8 text, including Chinese, the way Node does', () => {
    const text = '示范水务集团 water.admin';
    expect(utf8ToBase64(text)).toBe('56S66IyD5rC05Yqh6ZuG5ZuiIHdhdGVyLmFkbWlu');
    expect(base64ToUtf8(utf8ToBase64(text))).toBe(text);
  });

  it('round-trip bytes larger than one chunk', () => {
    const bytes = Uint8Array.from({ length: 40_000 }, (_, i) => i % 256);
    expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes);
  });
});
