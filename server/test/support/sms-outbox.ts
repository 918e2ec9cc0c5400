import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface OutboxMessage {
  mobile: string;
  template: string;
  params: Record<string, string>;
  text: string;
}

/** Messages the outbox provider wrote for the app using this data directory, oldest first. */
export const outboxMessages = (dataDir: string): OutboxMessage[] => {
  const file = path.join(dataDir, 'sms-outbox.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxMessage);
};

/** The latest code sent to a number, read from the outbox as a person reads their phone. */
export const latestCode = (dataDir: string, mobile: string): string | undefined =>
  outboxMessages(dataDir)
    .filter((m) => m.mobile === mobile && m.template === 'verification-code')
    .at(-1)?.params.code;
