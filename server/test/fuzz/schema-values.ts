import fc from 'fast-check';
import { INTEGER_LANDMARKS, NUMBER_LANDMARKS, PATTERN_EDGE_TEXTS, UNICODE_EDGE_TEXTS } from './edge-values';
import { type JsonSchema, sampleOf } from './openapi-operations';

/**
 * fast-check arbitraries read from a JSON Schema: values the schema accepts, drawn towards the
 * edges where code breaks (the limits of PostgreSQL's integer and of JavaScript's safe integers,
 * dates that do not exist, numbers too large for their meaning, the longest allowed text, the
 * empty one, unicode that changes length when cased), and values just outside it (one past a
 * limit or an enum, the wrong type, a required field missing). The fuzz sends the first to find
 * what validation lets through to a crash, the second to find validation that crashes itself.
 */

/** Follows `$ref`s (and a `$ref` beside other keywords) to the schema they name. */
export type Resolve = (schema: JsonSchema) => JsonSchema;

const compilePattern = (pattern: string): RegExp | undefined => {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    try {
      return new RegExp(pattern);
    } catch {
      return undefined;
    }
  }
};

/** Building a regex's arbitrary costs about 15 ms: one per pattern, whatever schemas share it. */
const PATTERN_ARBITRARIES = new Map<string, fc.Arbitrary<string>>();
const matching = (pattern: string, regex: RegExp) => {
  let arbitrary = PATTERN_ARBITRARIES.get(pattern);
  if (!arbitrary) {
    arbitrary = fc.stringMatching(regex, { size: 'small' });
    PATTERN_ARBITRARIES.set(pattern, arbitrary);
  }
  return arbitrary;
};

/** A date or a date-time as the loosest reader would take it: the shape, not the calendar. */
const FORMAT_SHAPES: Record<string, RegExp> = {
  date: /^\d{4}-\d{2}-\d{2}$/,
  'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
};

const typesOf = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

const allowsNull = (schema: JsonSchema) => schema.nullable === true || typesOf(schema).includes('null');

/** allOf as one schema: properties and required lists merged, other keywords from the first part. */
const mergeAll = (parts: JsonSchema[]): JsonSchema => {
  const merged: JsonSchema = { ...parts[0] };
  for (const part of parts.slice(1)) {
    for (const [key, value] of Object.entries(part)) {
      if (!(key in merged)) Object.assign(merged, { [key]: value });
    }
    merged.properties = { ...merged.properties, ...part.properties };
    merged.required = [...(merged.required ?? []), ...(part.required ?? [])];
  }
  return merged;
};

const lengthFits = (schema: JsonSchema, text: string) =>
  text.length >= (schema.minLength ?? 0) &&
  (schema.maxLength === undefined || text.length <= schema.maxLength);

/** The longest text a schema's maxLength allows is tried as it is, up to this many characters. */
const LONGEST_TRIED = 100_000;

const filler = (length: number) => 'x'.repeat(length);

const MAX_DEPTH = 6;

/** An optional field left out of its object. */
const OMITTED = Symbol('omitted');

const ANY_VALUES: unknown[] = ['x', 0, true, null, {}, []];

export interface SchemaArbitraries {
  /** Values the schema accepts, drawn towards its edges. */
  conforming(schema: JsonSchema): fc.Arbitrary<unknown>;
  /** Values just outside the schema: one past a limit, the wrong type, one field wrong. */
  nearMiss(schema: JsonSchema): fc.Arbitrary<unknown>;
  /** Whether the empty text satisfies the schema (an optional filter may then be sent as `name=`). */
  acceptsEmpty(schema: JsonSchema): boolean;
}

export const schemaArbitraries = (resolve: Resolve): SchemaArbitraries => {
  const normalised = (schema: JsonSchema): JsonSchema => {
    const resolved = resolve(schema);
    return resolved.allOf?.length
      ? { ...mergeAll(resolved.allOf.map(normalised)), ...withoutAllOf(resolved) }
      : resolved;
  };

  const integerEdges = (schema: JsonSchema, integer: boolean) => {
    const min =
      schema.minimum ?? (schema.exclusiveMinimum === undefined ? -Infinity : schema.exclusiveMinimum + 1);
    const max =
      schema.maximum ?? (schema.exclusiveMaximum === undefined ? Infinity : schema.exclusiveMaximum - 1);
    const bounds = [min, min + 1, max, max - 1].filter(Number.isFinite);
    const landmarks = integer ? INTEGER_LANDMARKS : NUMBER_LANDMARKS;
    const edges = [...new Set([...landmarks, ...bounds])].filter((n) => n >= min && n <= max);
    return { min, max, edges };
  };

  const conformingNumber = (schema: JsonSchema, integer: boolean): fc.Arbitrary<unknown> => {
    const { min, max, edges } = integerEdges(schema, integer);
    const low = Number.isFinite(min) ? Math.max(min, Number.MIN_SAFE_INTEGER) : Number.MIN_SAFE_INTEGER;
    const high = Number.isFinite(max) ? Math.min(max, Number.MAX_SAFE_INTEGER) : Number.MAX_SAFE_INTEGER;
    const anywhere = integer
      ? fc.integer({ min: Math.ceil(low), max: Math.floor(high) })
      : fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true });
    return edges.length === 0
      ? anywhere
      : fc.oneof({ arbitrary: fc.constantFrom(...edges), weight: 3 }, { arbitrary: anywhere, weight: 1 });
  };

  const nearMissNumber = (schema: JsonSchema, integer: boolean): fc.Arbitrary<unknown> => {
    const { min, max } = integerEdges(schema, integer);
    const outside = [min - 1, max + 1, min - 2 ** 31, max + 2 ** 32].filter(Number.isFinite);
    return fc.constantFrom(
      ...outside,
      ...(integer ? [1.5, 2 ** 53 + 2] : []),
      1e308,
      -1e308,
      '1',
      '',
      null,
      true,
    );
  };

  const conformingString = (schema: JsonSchema): fc.Arbitrary<unknown> => {
    const regex = schema.pattern ? compilePattern(schema.pattern) : undefined;
    const shape = schema.format ? FORMAT_SHAPES[schema.format] : undefined;
    const fits = (text: string) =>
      lengthFits(schema, text) && (!regex || regex.test(text)) && (!shape || shape.test(text));
    const edges = [...PATTERN_EDGE_TEXTS, ...UNICODE_EDGE_TEXTS].filter(fits);
    const choices: fc.WeightedArbitrary<unknown>[] = [];
    if (edges.length > 0) choices.push({ arbitrary: fc.constantFrom(...edges), weight: 4 });
    if (regex && !/\(\?[=!<]/.test(schema.pattern!)) {
      // Random text of the pattern's shape: a date of month 47, a version of twenty digits.
      choices.push({ arbitrary: matching(schema.pattern!, regex).filter(fits), weight: 1 });
    } else if (!regex) {
      const minLength = schema.minLength ?? 0;
      const maxLength = schema.maxLength ?? LONGEST_TRIED;
      const lengths = [minLength, Math.min(maxLength, LONGEST_TRIED)].filter(
        (length, i, all) => length <= LONGEST_TRIED && all.indexOf(length) === i,
      );
      choices.push({ arbitrary: fc.constantFrom(...lengths.map(filler)), weight: 2 });
      choices.push({
        arbitrary: fc.string({
          minLength,
          maxLength: Math.max(minLength, Math.min(maxLength, 40)),
          unit: 'grapheme',
        }),
        weight: 2,
      });
    }
    // A pattern fast-check cannot draw (a lookahead) and no edge fits: the plain sample.
    return choices.length === 0 ? fc.constant(sampleOf(schema)) : fc.oneof(...choices);
  };

  const nearMissString = (schema: JsonSchema): fc.Arbitrary<unknown> => {
    const regex = schema.pattern ? compilePattern(schema.pattern) : undefined;
    const misses: unknown[] = [42, null, true, ['x'], { x: 1 }];
    if (schema.maxLength !== undefined && schema.maxLength < LONGEST_TRIED)
      misses.push(filler(schema.maxLength + 1));
    if ((schema.minLength ?? 0) > 0) misses.push(filler(schema.minLength! - 1));
    if (regex) misses.push(...['', 'x', ' 1', '1 ', '2026-1-1'].filter((text) => !regex.test(text)));
    return fc.constantFrom(...misses);
  };

  const conformingEnum = (values: unknown[]) => fc.constantFrom(...values);

  const nearMissEnum = (values: unknown[]) => {
    const first = values[0];
    const texts = values.filter((v): v is string => typeof v === 'string');
    return fc.constantFrom(
      '',
      // One past the last: the value a client of a newer version might send.
      ...(texts.length > 0 ? [`${texts.at(-1)}x`, texts[0]!.toUpperCase(), ` ${texts[0]}`] : []),
      ...(typeof first === 'number' ? [first + 1, -1] : []),
      null,
      12345,
    );
  };

  const conformingObject = (schema: JsonSchema, depth: number): fc.Arbitrary<unknown> => {
    const properties = schema.properties ?? {};
    const required = new Set(schema.required ?? []);
    // An optional field is given three times in four: its values are what the fuzz is after.
    const model = Object.fromEntries(
      Object.entries(properties).map(([name, property]) => {
        const value = conformingAt(property, depth + 1);
        return [
          name,
          required.has(name)
            ? value
            : fc.oneof({ arbitrary: fc.constant(OMITTED), weight: 1 }, { arbitrary: value, weight: 3 }),
        ];
      }),
    );
    const extra =
      schema.additionalProperties && typeof schema.additionalProperties === 'object'
        ? fc.dictionary(
            fc.constantFrom('a', 'key', '0', ''),
            conformingAt(schema.additionalProperties, depth + 1),
            { maxKeys: 3 },
          )
        : fc.constant({});
    return fc.tuple(fc.record(model), extra).map(([declared, more]) => ({
      ...more,
      ...Object.fromEntries(Object.entries(declared).filter(([, value]) => value !== OMITTED)),
    }));
  };

  const nearMissObject = (schema: JsonSchema, depth: number): fc.Arbitrary<unknown> => {
    const properties = Object.entries(schema.properties ?? {});
    const whole = conformingObject(schema, depth) as fc.Arbitrary<Record<string, unknown>>;
    const misses: fc.Arbitrary<unknown>[] = [fc.constantFrom('text', 42, null, [])];
    const required = (schema.required ?? []).filter((name) => schema.properties?.[name]);
    if (required.length > 0) {
      misses.push(
        fc.tuple(whole, fc.constantFrom(...required)).map(([value, name]) => {
          const { [name]: _left, ...without } = value;
          return without;
        }),
      );
    }
    if (schema.additionalProperties === false) {
      misses.push(whole.map((value) => ({ ...value, unexpectedField: 'x' })));
    }
    if (properties.length > 0) {
      // One declared field wrong, the rest as the schema wants them.
      misses.push(
        fc
          .constantFrom(...properties)
          .chain(([name, property]) =>
            fc
              .tuple(whole, nearMissAt(property, depth + 1))
              .map(([value, wrong]) => ({ ...value, [name]: wrong })),
          ),
      );
    }
    return fc.oneof(...misses);
  };

  const conformingArray = (schema: JsonSchema, depth: number): fc.Arbitrary<unknown> => {
    const item = conformingAt(schema.items ?? {}, depth + 1);
    const minLength = schema.minItems ?? 0;
    const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 5, 5));
    const some = fc.array(item, { minLength, maxLength });
    // The longest list allowed, when that is a size a request may carry.
    const longest =
      schema.maxItems !== undefined && schema.maxItems > maxLength && schema.maxItems <= 2_000
        ? fc.array(item, { minLength: schema.maxItems, maxLength: schema.maxItems })
        : undefined;
    return longest ? fc.oneof({ arbitrary: some, weight: 3 }, { arbitrary: longest, weight: 1 }) : some;
  };

  const nearMissArray = (schema: JsonSchema, depth: number): fc.Arbitrary<unknown> => {
    const item = conformingAt(schema.items ?? {}, depth + 1);
    const misses: fc.Arbitrary<unknown>[] = [
      fc.constantFrom('text', 42, null, { 0: 'x' }),
      fc.array(nearMissAt(schema.items ?? {}, depth + 1), { minLength: 1, maxLength: 2 }),
    ];
    if (schema.maxItems !== undefined && schema.maxItems < 5_000) {
      misses.push(fc.array(item, { minLength: schema.maxItems + 1, maxLength: schema.maxItems + 1 }));
    }
    if ((schema.minItems ?? 0) > 0) misses.push(fc.constant([]));
    return fc.oneof(...misses);
  };

  function conformingAt(raw: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    const schema = normalised(raw);
    if (depth > MAX_DEPTH) return fc.constant(allowsNull(schema) ? null : {});
    const value = conformingValue(schema, depth);
    return allowsNull(schema)
      ? fc.oneof({ arbitrary: value, weight: 5 }, { arbitrary: fc.constant(null), weight: 1 })
      : value;
  }

  function conformingValue(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    if ('const' in schema) return fc.constant(schema.const);
    if (schema.enum?.length) return conformingEnum(schema.enum);
    const alternatives = schema.anyOf ?? schema.oneOf;
    if (alternatives?.length) return fc.oneof(...alternatives.map((alt) => conformingAt(alt, depth + 1)));
    const types = typesOf(schema).filter((type) => type !== 'null');
    if (types.length > 1)
      return fc.oneof(...types.map((type) => conformingValue({ ...schema, type }, depth)));
    switch (types[0]) {
      case 'integer':
        return conformingNumber(schema, true);
      case 'number':
        return conformingNumber(schema, false);
      case 'string':
        return conformingString(schema);
      case 'boolean':
        return fc.boolean();
      case 'array':
        return conformingArray(schema, depth);
      case 'object':
        return conformingObject(schema, depth);
      default:
        return schema.properties ? conformingObject(schema, depth) : fc.constantFrom(...ANY_VALUES);
    }
  }

  function nearMissAt(raw: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    const schema = normalised(raw);
    if (depth > MAX_DEPTH) return fc.constant('x');
    if ('const' in schema) return nearMissEnum([schema.const]);
    if (schema.enum?.length) return nearMissEnum(schema.enum);
    const alternatives = schema.anyOf ?? schema.oneOf;
    if (alternatives?.length) return fc.oneof(...alternatives.map((alt) => nearMissAt(alt, depth + 1)));
    const types = typesOf(schema).filter((type) => type !== 'null');
    switch (types[0]) {
      case 'integer':
        return nearMissNumber(schema, true);
      case 'number':
        return nearMissNumber(schema, false);
      case 'string':
        return nearMissString(schema);
      case 'boolean':
        return fc.constantFrom('true', 0, 1, null, 'yes');
      case 'array':
        return nearMissArray(schema, depth);
      case 'object':
        return nearMissObject(schema, depth);
      default:
        return schema.properties ? nearMissObject(schema, depth) : fc.constant(undefined);
    }
  }

  const acceptsEmpty = (raw: JsonSchema): boolean => {
    const schema = normalised(raw);
    if ('const' in schema || schema.enum) return [schema.const, ...(schema.enum ?? [])].includes('');
    const alternatives = schema.anyOf ?? schema.oneOf;
    if (alternatives) return alternatives.some(acceptsEmpty);
    const types = typesOf(schema);
    const regex = schema.pattern ? compilePattern(schema.pattern) : undefined;
    return (
      (types.length === 0 || types.includes('string')) &&
      (schema.minLength ?? 0) === 0 &&
      !schema.format &&
      (!regex || regex.test(''))
    );
  };

  return {
    conforming: (schema) => conformingAt(schema, 0),
    nearMiss: (schema) => nearMissAt(schema, 0),
    acceptsEmpty,
  };
};

const withoutAllOf = ({ allOf: _allOf, ...rest }: JsonSchema): JsonSchema => rest;
