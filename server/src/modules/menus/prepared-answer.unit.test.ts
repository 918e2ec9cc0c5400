import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, prepareAnswer } from './prepared-answer';

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, as browsers offer them', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('gzip');
  });

  it('respects refusals and their absence', () => {
    expect(chooseEncoding(undefined)).toBe('identity');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('br;q=0.0, gzip; q=0')).toBe('identity');
    expect(chooseEncoding('deflate')).toBe('identity');
  });
});

describe('prepareAnswer', () => {
  it('serialises the envelope once, with compressed copies of large bodies', async () => {
    const items = Array.from({ length: 200 }, (_, i) => ({ id: `m-${i}`, name: `菜单 ${i}` }));
    const answer = await prepareAnswer(items);
    const text = answer.identity.toString('utf8');
    expect(JSON.parse(text)).toEqual({ Code: 0, Message: '成功', Response: items });
    expect(gunzipSync(answer.gzip!).toString('utf8')).toBe(text);
    expect(brotliDecompressSync(answer.br!).toString('utf8')).toBe(text);
    expect(answer.gzip!.length).toBeLessThan(answer.identity.length / 3);
  });

  it('leaves small bodies uncompressed', async () => {
    const answer = await prepareAnswer([]);
    expect(answer.gzip).toBeNull();
    expect(answer.br).toBeNull();
  });

  it('gives equal bodies equal tags and different bodies different ones', async () => {
    const [a, b, c] = await Promise.all([
      prepareAnswer([{ id: 'x' }]),
      prepareAnswer([{ id: 'x' }]),
      prepareAnswer([{ id: 'y' }]),
    ]);
    expect(a.etag).toMatch(/^"[\w-]{27}"$/);
    expect(a.etag).toBe(b.etag);
    expect(a.etag).not.toBe(c.etag);
  });
});
