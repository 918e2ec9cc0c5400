import type { SmsLogger } from '../../src/platform/sms/sms-logger';

export interface LoggedLine {
  level: 'info' | 'warn';
  details: Record<string, unknown>;
  msg: string;
}

/** A logger that keeps what it was told, so tests can check what would be printed. */
export const recordingLogger = (): SmsLogger & { lines: LoggedLine[] } => {
  const lines: LoggedLine[] = [];
  return {
    lines,
    info: (details, msg) => lines.push({ level: 'info', details, msg }),
    warn: (details, msg) => lines.push({ level: 'warn', details, msg }),
  };
};

/** The rejection of a promise that must reject; fails the test when it resolves. */
export const rejectionOf = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject, but it resolved');
};

/** The text an SmsDeliveryError would put in a log: message, fields and cause. */
export const everythingLoggable = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  return [error.message, JSON.stringify({ ...error }), String(error.cause ?? '')].join('\n');
};
