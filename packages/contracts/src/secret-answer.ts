import { z } from 'zod';

/**
 * Answers that carry a secret: a session or access token, a pending sign-in's ticket, a password or
 * a credential's secret shown once. Marked on the answer's contract, so every route that answers one
 * is sent with `Cache-Control: no-store` (the server reads the mark from the route's response
 * schema; a route cannot forget it) and the OpenAPI document says so.
 */
const secretAnswers = z.registry<Record<string, never>>();

/** Marks `schema` as an answer that carries a secret, and hands it back. */
export const secretAnswer = <Schema extends z.ZodType>(schema: Schema): Schema => {
  secretAnswers.add(schema, {});
  return schema;
};

export const isSecretAnswer = (schema: unknown): boolean =>
  schema instanceof z.ZodType && secretAnswers.has(schema);
