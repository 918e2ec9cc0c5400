import { useQuery } from '@tanstack/react-query';
import type { AdminScope } from '@uniwim/contracts';
import { fetchPermissions } from './resource-api';

/** The permission codes the user holds in a scope, fetched once per page and shared by its parts. */
export const usePermissions = (scope: AdminScope) =>
  useQuery({ queryKey: ['admin', 'permissions', scope], queryFn: () => fetchPermissions(scope) });
