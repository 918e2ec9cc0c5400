import { type DefaultOptions, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';

/** A data cache; `queries` adds to (or overrides) the defaults every page shares. */
export const createQueryClient = (queries: DefaultOptions['queries'] = {}) =>
  new QueryClient({
    defaultOptions: {
      // Pages handle failures themselves (the sign-in page falls back silently), so no automatic
      // retries that would delay the fallback.
      queries: { retry: false, refetchOnWindowFocus: false, ...queries },
    },
  });

/** The data cache every page uses. */
export const QueryProvider = ({ children }: { children: ReactNode }) => {
  const [queryClient] = useState(() => createQueryClient());
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
};
