import type { ReactNode } from 'react';
import { AntdScope } from './AntdScope';
import { QueryProvider } from './QueryProvider';

/** What every page entry wraps itself in: data cache, antd theme and locale following the page's language. */
export const AppProviders = ({ children }: { children: ReactNode }) => (
  <QueryProvider>
    <AntdScope>{children}</AntdScope>
  </QueryProvider>
);
