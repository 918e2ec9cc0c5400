import { useQuery } from '@tanstack/react-query';
import type { LoginConfig } from '@uniwim/contracts/client';
import { api } from '../../lib/api';
import { fetchLoginConfigOrDefault } from './login-config-source';

export const useLoginConfig = (tenant: string | undefined) =>
  useQuery<LoginConfig>({
    queryKey: ['login-config', tenant ?? null],
    queryFn: () => fetchLoginConfigOrDefault(api, tenant),
    staleTime: Number.POSITIVE_INFINITY,
  });
