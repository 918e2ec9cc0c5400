import { ensurePgliteTemplate } from '../src/platform/db/pglite-template';

/** Integration tests open many PGlite databases: each starts from the saved empty cluster. */
export default async function setup() {
  await ensurePgliteTemplate();
}
