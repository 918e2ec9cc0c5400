import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../lib/api';
import { logout } from '../../lib/logout';
import { readStoredToken } from '../../lib/storage-keys';
import { loadShell, SHELL_PAGES, type ShellKind, type ShellLoadOutcome } from './shell-data';
import type { ShellQuery } from './shell-query';

/**
 * Spec section 4 "Logout" from a shell page: the server is told, storage is cleared except
 * phoneShowYinuo, and the browser goes to index.html (from admin.html too), which reloads the
 * configuration and the merged menu tree as a visitor and opens the first menu item; with nothing
 * public to show, index.html continues to the sign-in page.
 */
export const logoutFromShell = (): Promise<void> => logout({ loginHref: SHELL_PAGES.index });

/**
 * The shell's load (spec section 4 "Frame ready"), starting from the one start-shell began; a retry
 * loads again. Carries out what the load decided: a redirect or a logout, while the page keeps
 * showing its loading state.
 */
export const useShellLoad = (kind: ShellKind, query: ShellQuery, firstLoad: Promise<ShellLoadOutcome>) => {
  const pending = useRef<Promise<ShellLoadOutcome> | null>(firstLoad);
  const result = useQuery<ShellLoadOutcome>({
    queryKey: ['shell', kind],
    queryFn: () => {
      const early = pending.current;
      pending.current = null;
      return (
        early ??
        loadShell(api, { kind, token: readStoredToken(), menuId: query.menuId, tenant: query.tenant })
      );
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  const outcome = result.data;

  useEffect(() => {
    if (outcome?.kind === 'redirect') location.replace(outcome.href);
    else if (outcome?.kind === 'logout') void logoutFromShell();
  }, [outcome]);

  return result;
};
