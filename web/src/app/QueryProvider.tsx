import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';

const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      // Pages handle failures themselves (the sign-in page falls back silently), so no automatic
      // retries that would delay the fallback.
      queries: { retry: false, refetchOnWindowFocus: false },
    },
  });

/** The data cache every page uses. */
export const QueryProvider = ({ children }: { children: ReactNode }) => {
  const [queryClient] = useState(createQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
};
