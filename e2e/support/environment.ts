import { join, resolve } from 'node:path';

/**
 * Where the server under test lives. The global setup starts it and publishes the data directory
 * through E2E_DATA_DIR, which Playwright hands on to the test workers.
 */
export const repoRoot = resolve(import.meta.dirname, '..', '..');
export const e2eRoot = resolve(import.meta.dirname, '..');

export const port = Number(process.env.E2E_PORT ?? 4599);
export const baseUrl = `http://localhost:${port}`;
/** Chromium resolves every *.localhost name to loopback, so tenants can be reached by their domain. */
export const tenantOrigin = (domain: string): string => `http://${domain}:${port}`;

export const SEED_ADMIN_PASSWORD = 'E2e-Admin-Passw0rd!';

export const dataDir = (): string => {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: the global setup did not start the server');
  return dir;
};

/** The local SMS provider appends one JSON line per message here; tests read codes from it. */
export const smsOutboxPath = (): string => join(dataDir(), 'sms-outbox.jsonl');

/** Git-ignored. */
export const screenshotPath = (name: string): string => join(e2eRoot, 'screenshots', `${name}.png`);
