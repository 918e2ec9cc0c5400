import { describe, expect, it } from 'vitest';
import { previewImageSource } from './preview-source';

describe('/preview image source', () => {
  it('adds access_token to the platform files and leaves http(s) and data:image alone', () => {
    expect(previewImageSource('/files/drawing.png', 'tok')).toBe('/files/drawing.png?access_token=tok');
    expect(previewImageSource('https://cdn.example.com/a.png', 'tok')).toBe('https://cdn.example.com/a.png');
    expect(previewImageSource('data:image/png;base64,AAAA', 'tok')).toBe('data:image/png;base64,AAAA');
  });

  it('shows nothing for no image or another scheme', () => {
    for (const url of [null, '', '  ', 'javascript:alert(1)', 'data:text/html,<b>', 'file:///etc/passwd']) {
      expect(previewImageSource(url, 'tok')).toBeNull();
    }
  });
});
