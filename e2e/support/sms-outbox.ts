import { existsSync, readFileSync } from 'node:fs';
import { smsOutboxPath } from './environment';

/** Every message the server "sent" so far, oldest first; the fields are whatever the server writes. */
export const readSmsOutbox = (): Record<string, unknown>[] => {
  const file = smsOutboxPath();
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
};
