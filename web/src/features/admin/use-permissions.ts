import { useQuery } from '@tanstack/react-query';
import type { AdminScope } from '@uniwim/contracts';
import { fetchPermissions } from './resource-api';

/**
 * The permission codes the user holds in a scope, fetched once per page and shared by its parts.
 * `enabled` false asks nothing (a tenant's codes before a tenant is chosen).
 */
export const usePermissions = (scope: AdminScope, enabled = true) =>
  useQuery({ queryKey: ['admin', 'permissions', scope], queryFn: () => fetchPermissions(scope), enabled });
