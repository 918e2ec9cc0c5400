import type { ReactNode } from 'react';
import { AppProviders } from './AppProviders';
import { type MountOptions, mountRoot } from './mount-root';

/** Shared start-up of every HTML entry: language, providers, render into #root. */
export const mountPage = (page: ReactNode, options?: MountOptions): void =>
  mountRoot(<AppProviders>{page}</AppProviders>, options);
