import type { Database } from './database';

/**
 * The database that `opening` resolves to, usable at once: every call waits for the opening first.
 * Start-up builds the app (work of the main thread) while the database opens and migrates (work of the
 * PGlite worker thread, or of PostgreSQL); the server listens only once both are done.
 */
export const usableWhileOpening = (kind: Database['kind'], opening: Promise<Database>): Database => ({
  kind,
  admin: {
    query: async (text, params) => (await opening).admin.query(text, params),
    exec: async (text) => (await opening).admin.exec(text),
    transaction: async (work) => (await opening).admin.transaction(work),
  },
  withTenant: async (tenantId, work) => (await opening).withTenant(tenantId, work),
  asPlatform: async (work) => (await opening).asPlatform(work),
  insertAsPlatform: async (table, rows) => (await opening).insertAsPlatform(table, rows),
  withNoTenant: async (work) => (await opening).withNoTenant(work),
  readInScope: async (tenantId, statement, settings, options) =>
    (await opening).readInScope(tenantId, statement, settings, options),
  ping: async () => (await opening).ping(),
  close: async () => (await opening).close(),
});
