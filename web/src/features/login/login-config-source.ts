import { decodeLoginConfig, defaultLoginConfig, type LoginConfig } from '@uniwim/contracts/client';
import type { ApiClient } from '../../lib/api';

/** The tenant code a link asked for (login.html?tenant=water); without one the server uses the Host. */
export const readTenantCode = (search: string): string | undefined => {
  const value = new URLSearchParams(search).get('tenant')?.trim();
  return value ? value : undefined;
};

/**
 * A draft of the tenant settings designer (login.html?preview=<id>, issue 13): the page shows the draft's
 * look and leaves the visitor's session alone (the designer's own page shares its storage).
 */
export const readPreviewId = (search: string): string | undefined => {
  const value = new URLSearchParams(search).get('preview')?.trim();
  return value ? value : undefined;
};

/** GET /ump/cfg-encrypt answers base64 of the configuration's JSON; an encoding, not a secret. */
export const fetchLoginConfig = async (
  client: ApiClient,
  tenant?: string,
  preview?: string,
): Promise<LoginConfig> => {
  const encoded = await client.get<unknown>('/ump/cfg-encrypt', { query: { tenant, preview } });
  if (typeof encoded !== 'string') throw new TypeError('The login configuration is not a string');
  return decodeLoginConfig(encoded);
};

/**
 * The spec says a failed configuration load on the sign-in page is ignored silently: the page must
 * stay usable, so any failure (network, error code, undecodable answer) yields the default look.
 */
export const fetchLoginConfigOrDefault = async (
  client: ApiClient,
  tenant?: string,
  preview?: string,
): Promise<LoginConfig> => {
  try {
    return await fetchLoginConfig(client, tenant, preview);
  } catch {
    return defaultLoginConfig();
  }
};
