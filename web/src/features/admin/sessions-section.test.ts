import { describe, expect, it } from 'vitest';
import { deviceOf } from './SessionsSection';

describe('a session device', () => {
  it('names the browser and system of a user agent', () => {
    expect(
      deviceOf(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome/156.0.0.0 · Windows NT 10.0');
  });

  it('says nothing is known rather than leaving the cell empty', () => {
    expect(deviceOf(null)).toBe('-');
    expect(deviceOf('curl/8.0')).toBe('curl/8.0');
  });
});
