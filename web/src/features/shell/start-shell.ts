import { api } from '../../lib/api';
import { readStoredToken } from '../../lib/storage-keys';
import { loadShell, type ShellKind } from './shell-data';
import { adoptQueryToken, readShellQuery, searchWithoutToken } from './shell-query';

/** Performance marks of the start-up, read by the bench. */
export const SHELL_MARKS = { data: 'shell:data-answered', ui: 'shell:interface-loaded' } as const;

/**
 * Start-up of index.html and admin.html (spec section 4 "Frame ready"): a token handed over in the
 * query (uniwater_utoken or token) is stored and taken out of the address bar, index.html?admin=1
 * goes to admin.html, admin.html without a token goes to the sign-in page.
 *
 * The configuration, user and menus are requested before React and antd are even loaded: this
 * module is small, the page's interface is a separate chunk, and the two travel at the same time,
 * which brings the first frame forward by the server's answer time (issue 6: menu tree and first
 * frame within 1 s of navigation).
 */
export const startShell = async (kind: ShellKind): Promise<void> => {
  const query = readShellQuery(location.search);
  if (query.token) {
    adoptQueryToken(localStorage, query.token);
    const rest = `${location.pathname}${searchWithoutToken(location.search)}${location.hash}`;
    history.replaceState(history.state, '', rest);
  }
  if (kind === 'index' && query.admin) {
    location.replace('admin.html');
    return;
  }
  if (kind === 'admin' && !readStoredToken()) {
    location.replace('login.html');
    return;
  }
  const firstLoad = loadShell(api, {
    kind,
    token: readStoredToken(),
    menuId: query.menuId,
    tenant: query.tenant,
  });
  // A failure is handled where the answer is used (the page shows it); never an unhandled rejection here.
  // The marks let the bench (shell-first-frame) tell the server's part from the interface's.
  firstLoad.then(() => performance.mark(SHELL_MARKS.data)).catch(() => undefined);
  // The interface's ~25 chunks are requested only after the three calls above have left: the browser
  // opens six connections to a host, and chunks queued first would hold the answers back behind them.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const { mountShell } = await import('./mount-shell');
  performance.mark(SHELL_MARKS.ui);
  mountShell(kind, query, firstLoad);
};
