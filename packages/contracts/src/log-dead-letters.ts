import { z } from 'zod';

/**
 * GET /dmp/admin/log-dead-letters?page=&pageSize=: log rows the database refused (login logs, usage
 * logs), set aside by their writer with the reason. Platform administrators only. Like every query
 * schema, unknown keys are kept (a frame's token may come as a query parameter).
 */
export const logDeadLettersQuerySchema = z.looseObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type LogDeadLettersQuery = z.input<typeof logDeadLettersQuerySchema>;

export const logDeadLetterSchema = z.object({
  id: z.string(),
  /** The writer that set the row aside: 'login-log' or 'usage-logs'. */
  writer: z.string(),
  /** PostgreSQL's SQLSTATE of the refusal (22021: a NUL character; 23514: a check constraint). */
  sqlState: z.string().nullable(),
  /** The database's message. */
  reason: z.string(),
  /** The refused row as JSON, NUL characters and lone surrogates written out as `\u0000`. */
  row: z.unknown(),
  /** When it was set aside (ISO 8601). */
  createdAt: z.string(),
});
export type LogDeadLetter = z.infer<typeof logDeadLetterSchema>;

/** Newest first. */
export const logDeadLetterPageSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  list: z.array(logDeadLetterSchema),
});
export type LogDeadLetterPage = z.infer<typeof logDeadLetterPageSchema>;
