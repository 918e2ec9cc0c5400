import { PREPARED_DATA_DIR } from '../src/platform/db/embedded';
import {
  buildPgliteTemplate,
  buildPreparedDataDir,
  PGLITE_TEMPLATE_FILE,
} from '../src/platform/db/pglite-template';

await buildPgliteTemplate();
process.stdout.write(`PGlite template written to ${PGLITE_TEMPLATE_FILE}\n`);
await buildPreparedDataDir();
process.stdout.write(`PGlite data directory with the demo seed written to ${PREPARED_DATA_DIR}\n`);
