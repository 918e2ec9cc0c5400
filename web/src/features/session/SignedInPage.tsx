import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@uniwim/contracts/client';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { logout } from '../../lib/logout';
import { SessionExpiredError } from '../../lib/token-refresh';
import { fetchCurrentUser } from './current-user';
import { useSessionKeepAlive } from './useSessionKeepAlive';
import './session.css';

interface SignedInPageProps {
  /** The sign-in page, relative to this page. */
  loginHref: string;
  children: (session: { user: CurrentUser; logout: () => void }) => ReactNode;
}

/**
 * Loads the signed-in user before showing the page. Spec section 4: a failed current-user fetch
 * logs out.
 */
export const SignedInPage = ({ loginHref, children }: SignedInPageProps) => {
  const { t } = useTranslation();
  useSessionKeepAlive();
  const { data: user, error } = useQuery({
    queryKey: ['current-user'],
    queryFn: () => fetchCurrentUser(api),
    staleTime: Number.POSITIVE_INFINITY,
  });

  useEffect(() => {
    // A refused refresh shows its own alert, which logs out when acknowledged.
    if (error && !(error instanceof SessionExpiredError)) void logout({ loginHref });
  }, [error, loginHref]);

  if (!user) {
    return (
      <div className="session-loading">
        <span className="session-loading__spinner" role="status" aria-label={t('session.loadingUser')} />
      </div>
    );
  }
  return <>{children({ user, logout: () => void logout({ loginHref }) })}</>;
};
