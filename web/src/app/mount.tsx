import type { ReactNode } from 'react';
import { AppProviders } from './AppProviders';
import { mountRoot } from './mount-root';

/** Shared start-up of every HTML entry: language, providers, render into #root. */
export const mountPage = (page: ReactNode): void => mountRoot(<AppProviders>{page}</AppProviders>);
