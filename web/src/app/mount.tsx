import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from '../i18n';
import { AppProviders } from './AppProviders';
import './base.css';

/** Shared start-up of every HTML entry: language, providers, render into #root. */
export const mountPage = (page: ReactNode): void => {
  initI18n();
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  createRoot(container).render(
    <StrictMode>
      <AppProviders>{page}</AppProviders>
    </StrictMode>,
  );
};
