import type { ColumnDeclaration, LocalText, ResourceDeclaration } from '@uniwim/contracts';
import { z } from 'zod';

/**
 * The fields of a create or edit form, derived from the declaration's zod schema (the web never
 * repeats a field list the contract has): what to render comes from its JSON Schema, what to say
 * about a wrong value comes from the same schema's own messages (see validateWith).
 */
export type FieldKind =
  | 'text'
  | 'number'
  | 'boolean'
  | 'select'
  | 'multiselect'
  | 'tags'
  | 'datetime'
  | 'group';

export interface FormField {
  /** Dotted path in the body: `name`, `admin.mobile`. */
  key: string;
  kind: FieldKind;
  title: LocalText;
  required: boolean;
  /** null is a value the server accepts (cleared). */
  nullable: boolean;
  maxLength?: number;
  options?: readonly { value: string; label: LocalText }[];
  children?: FormField[];
}

interface JsonSchema {
  type?: string | string[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
  maxLength?: number;
}

const withoutNull = (schema: JsonSchema): { schema: JsonSchema; nullable: boolean } => {
  const alternatives = schema.anyOf?.filter((alt) => alt.type !== 'null');
  if (alternatives && alternatives.length !== schema.anyOf?.length) {
    return { schema: alternatives[0] ?? {}, nullable: true };
  }
  return { schema, nullable: false };
};

const kindOf = (schema: JsonSchema, options: ColumnDeclaration['options']): FieldKind => {
  if (schema.type === 'array') return options || schema.items?.enum ? 'multiselect' : 'tags';
  if (options || schema.enum) return 'select';
  // An object without declared properties (values by name) is one field, edited by a page's own control.
  if (schema.type === 'object') return schema.properties ? 'group' : 'text';
  if (schema.type === 'boolean') return 'boolean';
  if (schema.type === 'integer' || schema.type === 'number') return 'number';
  if (schema.format === 'date-time') return 'datetime';
  return 'text';
};

const titleOf = (declaration: Pick<ResourceDeclaration, 'columns' | 'fields'>, key: string): LocalText =>
  declaration.fields?.[key] ??
  declaration.columns.find((column) => column.key === key)?.title ?? { zh: key, en: key };

export const formFieldsOf = (
  declaration: Pick<ResourceDeclaration, 'columns' | 'fields'>,
  schema: z.ZodType,
): FormField[] => {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const walk = (node: JsonSchema, prefix: string): FormField[] =>
    Object.entries(node.properties ?? {}).map(([name, property]) => {
      const key = prefix ? `${prefix}.${name}` : name;
      const { schema: inner, nullable } = withoutNull(property);
      const options = declaration.columns.find((column) => column.key === key)?.options;
      const kind = kindOf(inner, options);
      return {
        key,
        kind,
        title: titleOf(declaration, key),
        required: node.required?.includes(name) ?? false,
        nullable,
        ...(inner.maxLength === undefined ? {} : { maxLength: inner.maxLength }),
        ...(kind === 'select' || kind === 'multiselect'
          ? {
              options:
                options ??
                (inner.enum ?? inner.items?.enum ?? []).map((value) => ({
                  value: String(value),
                  label: { zh: String(value), en: String(value) },
                })),
            }
          : {}),
        ...(kind === 'group' ? { children: walk(inner, key) } : {}),
      };
    });
  return walk(json, '');
};

/** Form values (flat, dotted keys) into the body the schema takes: empty texts are left out or null. */
export const bodyOf = (
  fields: readonly FormField[],
  values: Record<string, unknown>,
): Record<string, unknown> => {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const name = field.key.split('.').at(-1)!;
    if (field.kind === 'group') {
      body[name] = bodyOf(field.children ?? [], values);
      continue;
    }
    const value = values[field.key];
    const empty = value === undefined || value === null || value === '';
    if (empty) {
      if (field.nullable && !field.required) body[name] = null;
      continue;
    }
    body[name] = typeof value === 'string' ? value.trim() : value;
  }
  return body;
};

/** Dotted-key values of a record, for filling the edit form. */
export const valuesOf = (
  fields: readonly FormField[],
  record: Record<string, unknown>,
): Record<string, unknown> => {
  const values: Record<string, unknown> = {};
  const read = (list: readonly FormField[], source: Record<string, unknown> | undefined) => {
    for (const field of list) {
      const name = field.key.split('.').at(-1)!;
      if (field.kind === 'group')
        read(field.children ?? [], source?.[name] as Record<string, unknown> | undefined);
      else if (source?.[name] !== undefined) values[field.key] = source[name];
    }
  };
  read(fields, record);
  return values;
};

/** The schema's own messages for a body, keyed by dotted field path: what the server would answer. */
export const validateWith = (schema: z.ZodType, body: unknown): Record<string, string> => {
  const result = schema.safeParse(body);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return errors;
};

/** A server error's Details (`[{path: 'body.code', message}]`) as field errors. */
export const fieldErrorsOf = (details: unknown): Record<string, string> => {
  const errors: Record<string, string> = {};
  if (!Array.isArray(details)) return errors;
  for (const detail of details as { path?: unknown; message?: unknown }[]) {
    if (typeof detail?.path !== 'string' || typeof detail.message !== 'string') continue;
    errors[detail.path.replace(/^body\./, '')] ??= detail.message;
  }
  return errors;
};
