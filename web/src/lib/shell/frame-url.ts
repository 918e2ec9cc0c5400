/**
 * Spec section 2 "Menu link handling": the parameters every framed page receives, so it can call
 * the API as the signed-in user in the right tenant and knows which menu opened it.
 */
export interface FrameParams {
  /** Signed-in user's token (uniwater_utoken); null or "null" for a visitor: left out. */
  token: string | null;
  /** Active tenant (uniwim_tenant_id); left out when null. */
  tenantId: string | null;
  /** Menu item name (component_title). */
  title: string;
  applicationId: string;
  applicationName: string;
  /** Application/menu version (_v), lets the framed page bust its cache on a new version. */
  version: string;
  /** Adds __uniwim_t (the current time in ms), for items that must never come from the cache. */
  timestamp?: boolean;
  /** __uniwim_scene */
  scene?: string | null;
  /** __uniwim_id: the menu item's id. */
  id?: string | null;
  /** __uniwim_rootid: the id of the top item of the item's tree. */
  rootId?: string | null;
  /** HDSN: the current user's sn. */
  sn?: string | null;
  /** Clock for __uniwim_t; Date.now by default (tests pass a fixed one). */
  now?: () => number;
}

/** The names buildFrameUrl writes, in the order it writes them. */
export const FRAME_PARAM_NAMES = [
  'uniwater_utoken',
  'uniwim_tenant_id',
  'component_title',
  'applicationId',
  'applicationName',
  '_v',
  '__uniwim_t',
  '__uniwim_scene',
  '__uniwim_id',
  '__uniwim_rootid',
  'HDSN',
  'pageSource',
] as const;

const FRAME_PARAM_SET = new Set<string>(FRAME_PARAM_NAMES);

const present = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value !== '' && value !== 'null' && value !== 'undefined';

const frameParamPairs = (params: FrameParams): [string, string][] => {
  const pairs: [string, string | null | undefined][] = [
    ['uniwater_utoken', params.token],
    ['uniwim_tenant_id', params.tenantId],
    ['component_title', params.title],
    ['applicationId', params.applicationId],
    ['applicationName', params.applicationName],
    ['_v', params.version],
    ['__uniwim_t', params.timestamp ? String((params.now ?? Date.now)()) : null],
    ['__uniwim_scene', params.scene],
    ['__uniwim_id', params.id],
    ['__uniwim_rootid', params.rootId],
    ['HDSN', params.sn],
    ['pageSource', 'dly'],
  ];
  return pairs.filter((pair): pair is [string, string] => present(pair[1]));
};

const decodedKey = (piece: string): string => {
  const raw = piece.split('=', 1)[0]!;
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
};

/**
 * Appends pairs to "path?query", replacing any parameter of the same name the link already had (a
 * configured link must not carry a stale token) and leaving every other parameter byte for byte.
 */
export const setQueryParams = (
  pathAndQuery: string,
  pairs: [string, string][],
  replace = FRAME_PARAM_SET,
) => {
  const separator = pathAndQuery.indexOf('?');
  const path = separator < 0 ? pathAndQuery : pathAndQuery.slice(0, separator);
  const query = separator < 0 ? '' : pathAndQuery.slice(separator + 1);
  const kept = query.split('&').filter((piece) => piece !== '' && !replace.has(decodedKey(piece)));
  const added = pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
  const all = [...kept, ...added];
  return all.length === 0 ? path : `${path}?${all.join('&')}`;
};

/**
 * The address a frame loads: the link with the frame parameters appended. When the link has a hash
 * part (a single-page application routing by hash, page.html#/route included), the parameters go
 * to the query of both parts, because such applications read them from either place.
 */
export const buildFrameUrl = (url: string, params: FrameParams): string => {
  const pairs = frameParamPairs(params);
  const hashAt = url.indexOf('#');
  if (hashAt < 0) return setQueryParams(url, pairs);
  const main = url.slice(0, hashAt);
  const hash = url.slice(hashAt + 1);
  if (hash === '') return setQueryParams(main, pairs);
  return `${setQueryParams(main, pairs)}#${setQueryParams(hash, pairs)}`;
};

/**
 * Spec section 2: image URLs without a data or http prefix (files served by the platform) get the
 * token as access_token, because an <img> cannot send an Authorization header.
 */
export const withAccessToken = (imageUrl: string, token: string | null): string => {
  const url = imageUrl.trim();
  if (url === '' || /^(data:|http)/i.test(url) || !present(token)) return url;
  const hashAt = url.indexOf('#');
  const main = hashAt < 0 ? url : url.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : url.slice(hashAt);
  return `${setQueryParams(main, [['access_token', token]], new Set(['access_token']))}${hash}`;
};
