import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@uniwim/contracts/client';
import { useEffect, useState } from 'react';
import { useLocalizedTexts } from '../../i18n/texts';
import { api } from '../../lib/api';
import { logout } from '../../lib/logout';
import { readStoredToken } from '../../lib/storage-keys';
import { SessionExpiredError } from '../../lib/token-refresh';
import { clearTokenData } from '../../lib/token-storage';
import { MOBILE_CONFIRM_ROUTE, MOBILE_PAGE_PATH } from '../qr-login/qr-constants';
import { fetchCurrentUser } from '../session/current-user';
import { useSessionKeepAlive } from '../session/useSessionKeepAlive';
import { type HashRoute, parseHashRoute, useHash } from './hash-route';
import { MobileHome } from './MobileHome';
import { MobileLoading } from './MobileLayout';
import { MobileQrConfirm } from './MobileQrConfirm';
import { MobileScan } from './MobileScan';
import { MobileSignIn } from './MobileSignIn';
import { mobileTexts } from './mobile-texts';

const CURRENT_USER_KEY = ['current-user'] as const;

const SignedIn = ({ user, route }: { user: CurrentUser; route: HashRoute }) => {
  useSessionKeepAlive();
  if (route.path === MOBILE_CONFIRM_ROUTE) return <MobileQrConfirm uid={route.params.get('uid')} />;
  if (route.path === '/scan') return <MobileScan />;
  return <MobileHome user={user} onLogout={() => void logout({ loginHref: MOBILE_PAGE_PATH })} />;
};

/**
 * The mobile page (/mobile/index.html): its own sign-in, the home screen, the QR scanner and the
 * confirm screen of a scanned code. A confirm link opened before signing in comes back to the
 * confirm screen after the sign-in: the route stays in the hash.
 */
export const MobileApp = () => {
  const texts = useLocalizedTexts(mobileTexts);
  const route = parseHashRoute(useHash());
  const queryClient = useQueryClient();
  const [hasToken, setHasToken] = useState(() => readStoredToken() !== null);
  const { data: user, error } = useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: () => fetchCurrentUser(api),
    enabled: hasToken,
    staleTime: Number.POSITIVE_INFINITY,
  });

  useEffect(() => {
    document.title = texts.appTitle;
  }, [texts.appTitle]);

  useEffect(() => {
    // A refused refresh shows its own alert, which logs out. Any other failure: sign in again here.
    if (!error || error instanceof SessionExpiredError) return;
    clearTokenData(localStorage);
    queryClient.removeQueries({ queryKey: CURRENT_USER_KEY });
    setHasToken(false);
  }, [error, queryClient]);

  if (!hasToken) {
    return (
      <MobileSignIn
        qrPending={route.path === MOBILE_CONFIRM_ROUTE}
        onSignedIn={() => {
          queryClient.removeQueries({ queryKey: CURRENT_USER_KEY });
          setHasToken(true);
        }}
      />
    );
  }
  if (!user) return <MobileLoading />;
  return <SignedIn user={user} route={route} />;
};
