import { Fragment, type ReactNode, useEffect } from 'react';
import { api } from '../../lib/api';
import { readStoredToken } from '../../lib/storage-keys';
import { useReaderTimeZone } from '../../lib/time-zone';
import { fetchCurrentUser } from '../session/current-user';

/**
 * page.html shows its first times in the zone the shell last named (kept in local storage) and asks
 * the server again; should the zone differ (a page opened on its own, after a tenant in another zone),
 * the page is drawn anew in it, so no time stays in the old zone.
 */
export const ReaderZoneBoundary = ({ children }: { children: ReactNode }) => {
  const zone = useReaderTimeZone();
  useEffect(() => {
    // Without a session the page shows the platform's default zone; a failure leaves the kept one.
    if (readStoredToken()) fetchCurrentUser(api).catch(() => undefined);
  }, []);
  return <Fragment key={zone}>{children}</Fragment>;
};
