import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { beginActivity, pendingActivity, subscribeActivity } from '../../lib/request-activity';

/**
 * How long the page must have nothing under way before it counts as ready: one query's answer often
 * enables the next (the permissions, then the list), and between the two nothing is in flight.
 */
export const SETTLE_MS = 120;

/**
 * page.html's busy signal: true while a request, a query or a view's code is under way, and until
 * SETTLE_MS after the last of them ended. The page puts it on aria-busy.
 */
export const usePageBusy = (): boolean => {
  const activity = useSyncExternalStore(subscribeActivity, pendingActivity, pendingActivity);
  const working = activity + useIsFetching() + useIsMutating() > 0;
  const [settling, setSettling] = useState(true);
  useEffect(() => {
    if (working) {
      setSettling(true);
      return;
    }
    const timer = setTimeout(() => setSettling(false), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [working]);
  return working || settling;
};

/** Rendered while a view's code loads (Suspense's fallback): the page counts as busy meanwhile. */
export const useBusyWhileMounted = (): void => {
  useEffect(() => beginActivity(), []);
};
