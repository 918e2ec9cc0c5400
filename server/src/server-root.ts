import path from 'node:path';

/**
 * The server workspace's folder (server/). This module is src/server-root.ts in source and part of a
 * file directly in dist/ once compiled (the build keeps every chunk there), so one level up is server/
 * either way: files the server reads at run time (migrations, seed, PGlite templates) are found from here.
 */
export const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
