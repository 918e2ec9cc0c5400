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

/** A code message of the outbox (what the server's outbox provider writes). */
export interface SmsCodeMessage {
  time: string;
  mobile: string;
  code: string;
}

/** The code messages sent to a number so far, oldest first. */
export const codesSentTo = (mobile: string): SmsCodeMessage[] =>
  readSmsOutbox()
    .filter((line) => line.mobile === mobile && typeof (line.params as { code?: unknown })?.code === 'string')
    .map((line) => ({
      time: String(line.time),
      mobile,
      code: (line.params as { code: string }).code,
    }));

/**
 * Waits for the next code to a number: the first one after `seen` messages (see codesSentTo), so a
 * test never types an older code by mistake.
 */
export const waitForSmsCode = async (mobile: string, seen: number, timeoutMs = 10_000): Promise<string> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const message = codesSentTo(mobile)[seen];
    if (message) return message.code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No SMS code reached ${mobile} within ${timeoutMs} ms (already seen: ${seen})`);
};
