import { z } from 'zod';

/**
 * PostgreSQL's `integer` (int4). An integer a request carries to such a column, or compares with
 * one (a record's version above all), is bounded to it in its schema: a larger one is then a 400
 * naming the field, not the database's "out of range" (a 500). JSON Schema's integer alone allows
 * up to 2^53, and so did every `z.number().int()` before issue 24.
 */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/** An integer that fits an `integer` column, within [min, max] when narrower. */
export const int4Schema = (min = INT4_MIN, max = INT4_MAX) =>
  z.number().int().min(Math.max(min, INT4_MIN)).max(Math.min(max, INT4_MAX));

/** A record's version as a write carries it (optimistic locking): every `version integer` column. */
export const recordVersionSchema = int4Schema(0);
