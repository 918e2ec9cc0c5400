/** The part of the server's (pino) logger the SMS layer uses; `warn` falls back to `info`. */
export interface SmsLogger {
  info(details: Record<string, unknown>, msg: string): void;
  warn?(details: Record<string, unknown>, msg: string): void;
}
