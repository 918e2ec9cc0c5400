import { describe, expect, it } from 'vitest';
import { sniffImage } from './images';

describe('sniffImage', () => {
  it('reads the kind from the bytes', () => {
    expect(sniffImage(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))?.type).toBe(
      'image/png',
    );
    expect(sniffImage(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))?.type).toBe('image/jpeg');
    expect(sniffImage(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))?.type).toBe('image/webp');
  });

  it('refuses anything else, SVG and HTML included', () => {
    expect(sniffImage(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffImage(new TextEncoder().encode('<html><script>alert(1)</script>'))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
  });
});
