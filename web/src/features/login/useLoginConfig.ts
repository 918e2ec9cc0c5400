import { useQuery } from '@tanstack/react-query';
import type { LoginConfig } from '@uniwim/contracts/client';
import { api } from '../../lib/api';
import { fetchLoginConfigOrDefault } from './login-config-source';

/** The sign-in configuration of a tenant; `loaded` is one the page already fetched before rendering. */
export const useLoginConfig = (tenant: string | undefined, loaded?: LoginConfig) =>
  useQuery<LoginConfig>({
    queryKey: ['login-config', tenant ?? null],
    queryFn: () => fetchLoginConfigOrDefault(api, tenant),
    initialData: loaded,
    staleTime: Number.POSITIVE_INFINITY,
  });
