import { type ReactNode, StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { initLanguage } from '../i18n';
import './base.css';

export interface MountOptions {
  /**
   * Render the first frame as a transition: React works in slices of a few milliseconds and lets the
   * browser run between them. For a page whose first paint the server already made (login.html), where
   * what #root holds stays on screen until React commits.
   */
  yieldWhileRendering?: boolean;
}

/** Language, then render into #root: the start-up every HTML entry shares. */
export const mountRoot = (page: ReactNode, options: MountOptions = {}): void => {
  initLanguage();
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const root = createRoot(container);
  const render = () => root.render(<StrictMode>{page}</StrictMode>);
  if (options.yieldWhileRendering) startTransition(render);
  else render();
};
