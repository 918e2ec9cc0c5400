import { useSyncExternalStore } from 'react';
import { MOBILE_CONFIRM_ROUTE } from '../qr-login/qr-constants';

/** The mobile page's routes live in the hash (#/qr?uid=...), so one static HTML file serves them all. */
export interface HashRoute {
  path: string;
  params: URLSearchParams;
}

export const parseHashRoute = (hash: string): HashRoute => {
  const raw = hash.replace(/^#/, '');
  const queryStart = raw.indexOf('?');
  const path = queryStart < 0 ? raw : raw.slice(0, queryStart);
  return {
    path: path === '' ? '/' : path.startsWith('/') ? path : `/${path}`,
    params: new URLSearchParams(queryStart < 0 ? '' : raw.slice(queryStart + 1)),
  };
};

export const MobileRoutes = {
  home: '#/',
  scan: '#/scan',
  confirm: (uid: string) => `#${MOBILE_CONFIRM_ROUTE}?uid=${encodeURIComponent(uid)}`,
} as const;

const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};

/** The current hash, following hashchange. */
export const useHash = (): string => useSyncExternalStore(subscribe, () => location.hash);

export const goTo = (hash: string): void => {
  location.hash = hash;
};
