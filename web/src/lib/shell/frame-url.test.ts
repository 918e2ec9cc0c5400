import { describe, expect, it } from 'vitest';
import { buildFrameUrl, type FrameParams, withAccessToken } from './frame-url';

const params: FrameParams = {
  token: 'tok',
  tenantId: 't-water',
  title: '设备 台账',
  applicationId: 'app-1',
  applicationName: '设备管理',
  version: '2.1',
};

/** The query of the part before the hash, as a plain object. */
const mainQuery = (url: string) => Object.fromEntries(new URL(url, 'http://x/').searchParams);
/** The query inside the hash part (#/route?...). */
const hashQuery = (url: string) => {
  const hash = url.slice(url.indexOf('#') + 1);
  return Object.fromEntries(new URLSearchParams(hash.slice(hash.indexOf('?') + 1)));
};

describe('spec section 2, frame URL appending', () => {
  it('appends uniwater_utoken (the token)', () => {
    expect(mainQuery(buildFrameUrl('http://a/x', params)).uniwater_utoken).toBe('tok');
  });

  it('appends uniwim_tenant_id (the active tenant)', () => {
    expect(mainQuery(buildFrameUrl('http://a/x', params)).uniwim_tenant_id).toBe('t-water');
  });

  it('appends component_title (the menu name), encoded', () => {
    const url = buildFrameUrl('http://a/x', params);
    expect(url).toContain('component_title=%E8%AE%BE%E5%A4%87%20%E5%8F%B0%E8%B4%A6');
    expect(mainQuery(url).component_title).toBe('设备 台账');
  });

  it('appends applicationId and applicationName', () => {
    const query = mainQuery(buildFrameUrl('http://a/x', params));
    expect(query.applicationId).toBe('app-1');
    expect(query.applicationName).toBe('设备管理');
  });

  it('appends _v (the version)', () => {
    expect(mainQuery(buildFrameUrl('http://a/x', params))._v).toBe('2.1');
  });

  it('appends __uniwim_t only when a timestamp is asked for', () => {
    expect(mainQuery(buildFrameUrl('http://a/x', params)).__uniwim_t).toBeUndefined();
    const url = buildFrameUrl('http://a/x', { ...params, timestamp: true, now: () => 1_700_000_000_000 });
    expect(mainQuery(url).__uniwim_t).toBe('1700000000000');
  });

  it('appends __uniwim_scene, __uniwim_id and __uniwim_rootid when given', () => {
    const query = mainQuery(
      buildFrameUrl('http://a/x', { ...params, scene: 'pc', id: 'm-1', rootId: 'm-0' }),
    );
    expect(query).toMatchObject({ __uniwim_scene: 'pc', __uniwim_id: 'm-1', __uniwim_rootid: 'm-0' });
    const bare = mainQuery(buildFrameUrl('http://a/x', params));
    expect(bare).not.toHaveProperty('__uniwim_scene');
    expect(bare).not.toHaveProperty('__uniwim_id');
  });

  it('appends HDSN (the user sn)', () => {
    expect(mainQuery(buildFrameUrl('http://a/x', { ...params, sn: 'U0001' })).HDSN).toBe('U0001');
  });

  it('appends pageSource=dly', () => {
    expect(mainQuery(buildFrameUrl('http://a/x', params)).pageSource).toBe('dly');
  });

  it('puts the parameters in both parts when the link has a hash part', () => {
    const url = buildFrameUrl('http://a/app/?lang=zh#/board?tab=2', params);
    const [main, hash] = url.split('#');
    expect(main).toMatch(/^http:\/\/a\/app\/\?lang=zh&uniwater_utoken=tok&/);
    expect(hash).toMatch(/^\/board\?tab=2&uniwater_utoken=tok&/);
    expect(hashQuery(url)).toMatchObject({ tab: '2', uniwim_tenant_id: 't-water', pageSource: 'dly' });
    expect(buildFrameUrl('page.html#/developingPage', params)).toMatch(
      /^page\.html\?uniwater_utoken=tok&.*#\/developingPage\?uniwater_utoken=tok&/,
    );
  });

  it('leaves a visitor without uniwater_utoken or tenant ("null" counts as none)', () => {
    const query = mainQuery(buildFrameUrl('http://a/x', { ...params, token: 'null', tenantId: null }));
    expect(query).not.toHaveProperty('uniwater_utoken');
    expect(query).not.toHaveProperty('uniwim_tenant_id');
    expect(query.pageSource).toBe('dly');
  });

  it('replaces a stale parameter of the configured link and keeps the others byte for byte', () => {
    const url = buildFrameUrl('http://a/x?uniwater_utoken=old&q=a+b%2Fc&pageSource=x', params);
    expect(url.startsWith('http://a/x?q=a+b%2Fc&uniwater_utoken=tok&')).toBe(true);
    expect(url.match(/uniwater_utoken=/g)).toHaveLength(1);
    expect(url.match(/pageSource=/g)).toHaveLength(1);
  });
});

describe('spec section 2, image URLs', () => {
  it('get access_token when they have no data or http prefix', () => {
    expect(withAccessToken('/files/a.png', 'tok')).toBe('/files/a.png?access_token=tok');
    expect(withAccessToken('files/a.png?w=2#top', 'a b')).toBe('files/a.png?w=2&access_token=a%20b#top');
  });

  it('are left alone with a data or http(s) prefix, or without a token', () => {
    expect(withAccessToken('data:image/png;base64,AAA', 'tok')).toBe('data:image/png;base64,AAA');
    expect(withAccessToken('http://cdn/a.png', 'tok')).toBe('http://cdn/a.png');
    expect(withAccessToken('HTTPS://cdn/a.png', 'tok')).toBe('HTTPS://cdn/a.png');
    expect(withAccessToken('/files/a.png', null)).toBe('/files/a.png');
    expect(withAccessToken('', 'tok')).toBe('');
  });
});
