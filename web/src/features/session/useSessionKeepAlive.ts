import { useEffect } from 'react';
import { browserTokenRefresher } from '../../lib/api';

/** setTimeout fires at once for delays above 2^31-1 ms; long waits are taken in steps. */
const LONGEST_WAIT_MS = 24 * 60 * 60 * 1000;

/**
 * Refreshes the token shortly before it expires even when the page makes no request; requests
 * also refresh on their own (see api.ts).
 */
export const useSessionKeepAlive = (): void => {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      const delay = browserTokenRefresher().msUntilRefreshDue();
      if (delay === null) return;
      timer = setTimeout(tick, Math.min(delay, LONGEST_WAIT_MS));
    };
    const tick = () => {
      if (browserTokenRefresher().msUntilRefreshDue() !== 0) {
        schedule();
        return;
      }
      void browserTokenRefresher()
        .refresh()
        .then((refreshed) => {
          if (refreshed) schedule();
        });
    };
    schedule();
    return () => clearTimeout(timer);
  }, []);
};
