import { buildPgliteTemplate, PGLITE_TEMPLATE_FILE } from '../src/platform/db/pglite-template';

await buildPgliteTemplate();
process.stdout.write(`PGlite template written to ${PGLITE_TEMPLATE_FILE}\n`);
