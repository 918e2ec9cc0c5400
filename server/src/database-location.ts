import path from 'node:path';
import { SERVER_ROOT } from './server-root';

/**
 * Where the server keeps its data and which seed a new database gets: the settings start-up needs
 * before anything else, to open the embedded database in its worker thread while this thread loads
 * the rest. Kept apart from config.ts, which validates every setting with zod: loading zod alone
 * would delay that opening. loadConfig reads these three settings through here too.
 */

/** The demo seed, loaded into an empty database unless SEED_FILE names another. */
export const DEFAULT_SEED_FILE = path.join(SERVER_ROOT, 'seed', 'demo.json');

export interface DatabaseLocation {
  /** DATA_DIR, absolute (default ./data). */
  dataDir: string;
  /** DATABASE_URL: PostgreSQL instead of the embedded database. */
  databaseUrl?: string;
  /** SEED_FILE, absolute (default the demo seed). */
  seedFile: string;
}

/** An empty variable means unset, as everywhere in the settings. */
const setting = (value: string | undefined): string | undefined => (value === '' ? undefined : value);

export const databaseLocationOf = (env: Record<string, string | undefined>): DatabaseLocation => ({
  dataDir: path.resolve(setting(env.DATA_DIR) ?? './data'),
  databaseUrl: setting(env.DATABASE_URL),
  seedFile: path.resolve(setting(env.SEED_FILE) ?? DEFAULT_SEED_FILE),
});
