import { useLocalizedTexts } from '../../i18n/texts';
import { useSessionKeepAlive } from '../session/useSessionKeepAlive';
import { ShellLayout } from './ShellLayout';
import type { ShellKind, ShellLoadOutcome } from './shell-data';
import type { ShellQuery } from './shell-query';
import { useShellLoad } from './shell-session';
import { shellTexts } from './shell-texts';
import './shell.css';

interface ShellAppProps {
  kind: ShellKind;
  query: ShellQuery;
  /** The load start-shell began before the interface arrived. */
  firstLoad: Promise<ShellLoadOutcome>;
}

const ShellContent = ({ kind, query, firstLoad }: ShellAppProps) => {
  const texts = useLocalizedTexts(shellTexts);
  useSessionKeepAlive();
  const load = useShellLoad(kind, query, firstLoad);

  if (load.isError) {
    // Only a visitor's load throws (a signed-in failure logs out): offer to try again.
    return (
      <div className="shell-loading" role="alert">
        <span className="shell-loading__text">{texts.loadFailed}</span>
        <button
          type="button"
          className="shell-button shell-button--primary"
          onClick={() => void load.refetch()}
        >
          {texts.retry}
        </button>
      </div>
    );
  }
  if (load.data?.kind !== 'ready') {
    // Loading, or leaving the page (redirect, logout): the spinner stays until the browser goes.
    return (
      <div className="shell-loading" data-testid="shell-loading" aria-busy="true">
        <span className="spinner" />
        <span className="shell-loading__text">{texts.loadingMenus}</span>
      </div>
    );
  }
  return <ShellLayout kind={kind} data={load.data.data} query={query} texts={texts} />;
};

/** index.html (kind "index") and admin.html (kind "admin"): the application shell. */
export const ShellApp = (props: ShellAppProps) => (
  <div className="shell-root">
    <ShellContent {...props} />
  </div>
);
