import type { TenantSwitchAnswer, TenantUserOauth } from '@uniwim/contracts/client';
import type { ApiClient } from '../../lib/api';
import type { KeyValueStorage } from '../../lib/storage-keys';
import { isTokenAnswer, storeTokenData } from '../../lib/token-storage';

export const TENANT_OPTIONS_PATH = '/dmp/getTenantUserOauth';
export const CHANGE_TENANT_PATH = '/dmp/changeTenant';
export const CHANGE_PLATFORM_PATH = '/dmp/changePlatformToken';

/** A tenant by id, or the platform scope (platform administrators only). */
export type SwitchTarget = { tenantId: string } | 'platform';

/** GET /dmp/getTenantUserOauth: the tenants the user may switch to. */
export const fetchTenantOptions = async (client: ApiClient): Promise<TenantUserOauth> => {
  const answer = await client.get<TenantUserOauth | null>(TENANT_OPTIONS_PATH);
  if (!answer || !Array.isArray(answer.tenants)) throw new TypeError('The tenant list is missing');
  return answer;
};

/**
 * Spec section 4 "Tenant switching": the server issues a token for the new scope, which replaces
 * the stored session (the old token no longer works for the new tenant). The caller then reloads
 * the shell, so configuration, user and menus are those of the new tenant.
 */
export const switchTenant = async (
  client: ApiClient,
  storage: KeyValueStorage,
  target: SwitchTarget,
  now: number = Date.now(),
): Promise<TenantSwitchAnswer> => {
  const answer =
    target === 'platform'
      ? await client.post<TenantSwitchAnswer | null>(CHANGE_PLATFORM_PATH, {})
      : await client.post<TenantSwitchAnswer | null>(CHANGE_TENANT_PATH, { tenantId: target.tenantId });
  if (!isTokenAnswer(answer)) throw new TypeError('The tenant switch answered no token');
  storeTokenData(storage, answer, now);
  return answer;
};
