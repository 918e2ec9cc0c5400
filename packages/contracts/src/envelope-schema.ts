import { z } from 'zod';

export const envelopeSchema = <T extends z.ZodType>(response: T) =>
  z.object({ Code: z.number().int(), Message: z.string(), Response: response });

export const errorEnvelopeSchema = z.object({
  Code: z.number().int(),
  Message: z.string(),
  Response: z.null(),
  /** Symbolic name of the error code, stable across releases. */
  Error: z.string(),
  /** Optional machine-readable detail (field path of a validation failure, retry time, ...). */
  Details: z.unknown().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
