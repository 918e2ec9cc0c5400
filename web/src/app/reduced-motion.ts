import { useSyncExternalStore } from 'react';

/**
 * Whether the person asked their system for less motion (WCAG 2.3.3). antd then draws dialogs,
 * drawers and menus in place instead of zooming and sliding them in: a dialog's buttons are where
 * they will stay from its first frame, for a person and for a test's click alike.
 */
const QUERY = '(prefers-reduced-motion: reduce)';

const media = () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(QUERY) : null);

const subscribe = (onChange: () => void) => {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
};

export const prefersReducedMotion = (): boolean => media()?.matches === true;

export const usePrefersReducedMotion = (): boolean =>
  useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
