/**
 * The operations of the server's OpenAPI document, and a well-formed sample of each input, so the
 * fuzz suite covers every route the server declares without anyone listing them.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
  pattern?: string;
  format?: string;
  nullable?: boolean;
  $ref?: string;
}

export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** OpenAPI form: `/package-api/appPackage/download/{appKey}`. */
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body?: JsonSchema;
  /** Follows the `$ref`s inside this operation's schemas to what they name in the document. */
  resolve: (schema: JsonSchema) => JsonSchema;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: unknown }>>;
}

/**
 * A resolver of local `$ref`s (`#/components/schemas/x`, or any JSON pointer into the document).
 * Keywords beside a `$ref` (OpenAPI 3.1 allows them) are kept over the named schema's; a reference
 * to nothing, or a cycle, reads as the empty schema (any value).
 */
export const refResolverOf = (document: unknown) => {
  const pointer = (ref: string): unknown =>
    ref
      .replace(/^#\//, '')
      .split('/')
      .map((part) => decodeURIComponent(part).replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
  const resolve = (schema: JsonSchema, seen: ReadonlySet<string> = new Set()): JsonSchema => {
    if (!schema.$ref) return schema;
    const { $ref: ref, ...beside } = schema;
    if (seen.has(ref) || !ref.startsWith('#/')) return beside;
    const target = (pointer(ref) ?? {}) as JsonSchema;
    return { ...resolve(target, new Set([...seen, ref])), ...beside };
  };
  return (schema: JsonSchema) => resolve(schema);
};

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

export const operationsOf = (document: unknown): Operation[] => {
  const doc = document as OpenApiDocument;
  const resolve = refResolverOf(document);
  // Parameters and request bodies may be references too (#/components/parameters/..., requestBodies).
  const resolved = <T>(value: T): T => resolve(value as JsonSchema) as T;
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => HTTP_METHODS.has(method))
      .map(([method, op]) => {
        const requestBody = resolved(op.requestBody ?? {}) as {
          content?: Record<string, { schema?: JsonSchema }>;
        };
        const body = requestBody.content?.['application/json']?.schema;
        return {
          method: method.toUpperCase(),
          path,
          parameters: (op.parameters ?? [])
            .map(resolved)
            .map((p) => ({ ...p, schema: resolve(p.schema ?? {}) })),
          ...(body ? { body: resolve(body) } : {}),
          resolve,
        };
      }),
  );
};

/** Strings tried, in order, against a `pattern` whose example we cannot derive. */
const PATTERN_CANDIDATES = [
  'abc',
  'a1',
  'app-1',
  '13900000002',
  '2026-01-01',
  'x',
  'A',
  '1',
  'abc@example.com',
];

const sampleString = (schema: JsonSchema): string => {
  if (schema.format === 'date-time') return new Date().toISOString();
  if (schema.format === 'date') return '2026-01-01';
  if (schema.format === 'email') return 'someone@example.com';
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (schema.format === 'uri') return 'https://example.com/';
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const found = PATTERN_CANDIDATES.find((candidate) => pattern.test(candidate));
    if (found) return found;
  }
  const length = Math.min(Math.max(schema.minLength ?? 1, 3), schema.maxLength ?? 3);
  return 'abcdefghij'.repeat(Math.ceil(length / 10)).slice(0, length);
};

/** A value that satisfies the schema as far as the fuzz needs: the starting point of every variant. */
export const sampleOf = (schema: JsonSchema | undefined, depth = 0): unknown => {
  if (!schema || depth > 8) return null;
  if ('const' in schema) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) {
    return sampleOf(alternatives.find((alt) => alt.type !== 'null') ?? alternatives[0], depth + 1);
  }
  if (schema.allOf?.length) {
    return Object.assign({}, ...schema.allOf.map((part) => sampleOf(part, depth + 1) as object));
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return sampleString(schema);
    case 'integer':
    case 'number':
      return Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return [sampleOf(schema.items, depth + 1)];
    case 'object':
    case undefined:
      if (!schema.properties) return type === 'object' ? {} : 'x';
      return Object.fromEntries(
        Object.entries(schema.properties).map(([name, property]) => [name, sampleOf(property, depth + 1)]),
      );
    default:
      return null;
  }
};
