import path from 'node:path';

/** The monorepo root (/work/main): servers are spawned from here, as `npm start` would. */
export const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

export const inRepo = (...segments: string[]): string => path.join(repoRoot, ...segments);
