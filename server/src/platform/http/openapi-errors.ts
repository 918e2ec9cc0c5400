import { ErrorCodes, type ErrorName, errorEnvelopeSchema } from '@uniwim/contracts';
import { z } from 'zod';

/** The component every documented error answer refers to. */
export const ERROR_ENVELOPE_COMPONENT = 'ErrorEnvelope';

/** The error envelope's JSON Schema (OpenAPI 3.1 is JSON Schema 2020-12), from its zod contract. */
export const errorEnvelopeJsonSchema = (): Record<string, unknown> => {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(errorEnvelopeSchema, {
    target: 'draft-2020-12',
    io: 'output',
  }) as Record<string, unknown>;
  return schema;
};

/** Errors whose input, once given, may be refused: schema validation and the unstorable-text guard. */
export const INPUT_ERRORS: readonly ErrorName[] = ['BAD_REQUEST', 'INVALID_CHARACTERS'];
/** Errors of reading a JSON body before validation sees it. */
export const JSON_BODY_ERRORS: readonly ErrorName[] = [
  'MALFORMED_JSON',
  'BODY_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
];
/** Errors of a multipart upload: not multipart, or larger than the route takes. */
export const MULTIPART_ERRORS: readonly ErrorName[] = ['UNSUPPORTED_MEDIA_TYPE', 'BODY_TOO_LARGE'];

interface ResponseObject {
  description: string;
  content: Record<string, { schema: Record<string, unknown> }>;
}

/**
 * The error answers of an operation, one per HTTP status, from the typed error catalogue: each
 * lists the codes it may carry (the envelope's `Error` and `Code`) and their default messages.
 */
export const errorResponsesOf = (names: Iterable<ErrorName>): Record<string, ResponseObject> => {
  const byStatus = new Map<number, ErrorName[]>();
  for (const name of new Set(names)) {
    const { status } = ErrorCodes[name];
    byStatus.set(status, [...(byStatus.get(status) ?? []), name]);
  }
  const responses: Record<string, ResponseObject> = {};
  for (const [status, unsorted] of [...byStatus].sort(([a], [b]) => a - b)) {
    const list = unsorted.sort((a, b) => ErrorCodes[a].code - ErrorCodes[b].code);
    responses[String(status)] = {
      description: list
        .map((name) => `\`${name}\` (${ErrorCodes[name].code}): ${ErrorCodes[name].message}`)
        .join('; '),
      content: {
        'application/json': {
          schema: {
            allOf: [
              { $ref: `#/components/schemas/${ERROR_ENVELOPE_COMPONENT}` },
              {
                type: 'object',
                properties: {
                  Code: { enum: list.map((name) => ErrorCodes[name].code) },
                  Error: { enum: list },
                },
              },
            ],
          },
        },
      },
    };
  }
  return responses;
};

interface OperationLike {
  responses?: Record<string, unknown>;
}

/**
 * The error answers, once each, in components.responses, and every operation referring to them:
 * few sets of codes recur over hundreds of operations. A component is named by its status and codes
 * (`Error401_40100_40101`), so its name stays the same across releases while its codes do.
 */
export const hoistErrorResponses = (
  paths: Record<string, Record<string, unknown>>,
): Record<string, ResponseObject> => {
  const components: Record<string, ResponseObject> = {};
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item) as OperationLike[]) {
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        const codes = errorCodesOf(answer);
        if (!codes) continue;
        const name = `Error${status}_${codes.join('_')}`;
        components[name] ??= answer as ResponseObject;
        operation.responses![status] = { $ref: `#/components/responses/${name}` };
      }
    }
  }
  return components;
};

/** The codes of an answer errorResponsesOf made, or undefined for any other answer. */
const errorCodesOf = (answer: unknown): number[] | undefined => {
  const schema = (answer as ResponseObject | undefined)?.content?.['application/json']?.schema as
    | { allOf?: [{ $ref?: string }, { properties?: { Code?: { enum?: number[] } } }] }
    | undefined;
  if (schema?.allOf?.[0]?.$ref !== `#/components/schemas/${ERROR_ENVELOPE_COMPONENT}`) return undefined;
  return schema.allOf[1]?.properties?.Code?.enum;
};
