import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { SmsDeliveryError, type SmsMessage, type SmsProvider } from './provider';
import type { SmsLogger } from './sms-logger';

export const OUTBOX_FILE_NAME = 'sms-outbox.jsonl';

/** Where the outbox provider writes; end-to-end tests read codes from this file. */
export const outboxFile = (dataDir: string): string => path.join(dataDir, OUTBOX_FILE_NAME);

/** One line of the outbox file. */
export interface OutboxLine {
  time: string;
  mobile: string;
  template: SmsMessage['template'];
  params: Record<string, string>;
  text: string;
}

/**
 * The local-use provider: each message becomes one JSON line in DATA_DIR/sms-outbox.jsonl and a
 * log line. Printing the code is intended: this is the developer's own outbox, not a real phone.
 */
export const createOutboxSmsProvider = (deps: {
  dataDir: string;
  logger: SmsLogger;
  now?: () => Date;
}): SmsProvider => {
  const now = deps.now ?? (() => new Date());
  const file = outboxFile(deps.dataDir);
  // Appends run one after another and each writes a whole line in one call, so concurrent sends
  // never interleave inside a line; O_APPEND keeps lines whole across processes too.
  let queue: Promise<unknown> = Promise.resolve();

  const appendLine = (line: string): Promise<void> => {
    const run = queue.then(async () => {
      await mkdir(deps.dataDir, { recursive: true });
      await appendFile(file, line, 'utf8');
    });
    queue = run.catch(() => undefined);
    return run;
  };

  return {
    name: 'outbox',
    send: async (message) => {
      const entry: OutboxLine = {
        time: now().toISOString(),
        mobile: message.mobile,
        template: message.template,
        params: message.params,
        text: message.text,
      };
      try {
        await appendLine(`${JSON.stringify(entry)}\n`);
      } catch (error) {
        throw new SmsDeliveryError('outbox', 'outbox-write', `cannot write ${OUTBOX_FILE_NAME}`, {
          cause: error,
        });
      }
      deps.logger.info({ mobile: message.mobile, text: message.text }, 'sms-outbox');
    },
  };
};
