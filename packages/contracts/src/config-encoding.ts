import type { LoginConfig } from './login-config';
import { coerceLoginConfig } from './login-config-values';

/**
 * GET /ump/cfg-encrypt answers the configuration as base64 of its UTF-8 JSON. This matches what the
 * spec's clients decode; it is an encoding, not encryption, and not a security boundary: the
 * configuration is public and never contains a secret.
 */
export const encodeLoginConfig = (config: LoginConfig): string => {
  const bytes = new TextEncoder().encode(JSON.stringify(config));
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
};

export const decodeLoginConfig = (encoded: string): LoginConfig => {
  const binary = atob(encoded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return coerceLoginConfig(JSON.parse(new TextDecoder().decode(bytes)));
};
