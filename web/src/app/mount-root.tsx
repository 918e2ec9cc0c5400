import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from '../i18n';
import './base.css';

/** Language, then render into #root: the start-up every HTML entry shares. */
export const mountRoot = (page: ReactNode): void => {
  initI18n();
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  createRoot(container).render(<StrictMode>{page}</StrictMode>);
};
