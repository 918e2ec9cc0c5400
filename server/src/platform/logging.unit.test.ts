import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging';

describe('redactUrl', () => {
  it('hides credentials carried in the query string', () => {
    expect(redactUrl('/ump/cfg?uniwater_utoken=abc&menuId=7')).toBe(
      '/ump/cfg?uniwater_utoken=%5BRedacted%5D&menuId=7',
    );
    expect(redactUrl('/page?token=abc')).toBe('/page?token=%5BRedacted%5D');
    expect(redactUrl('/dmp/oauth/token?client_id=uwc_1&client_secret=uwsk.abc')).toBe(
      '/dmp/oauth/token?client_id=uwc_1&client_secret=%5BRedacted%5D',
    );
  });

  it('leaves other URLs alone', () => {
    expect(redactUrl('/ump/cfg-encrypt?tenant=water')).toBe('/ump/cfg-encrypt?tenant=water');
    expect(redactUrl('/healthz')).toBe('/healthz');
  });
});
