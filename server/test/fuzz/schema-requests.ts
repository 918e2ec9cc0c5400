import fc from 'fast-check';
import { type Inputs, toVariant, type Variant } from './malformed-variants';
import type { JsonSchema, Operation, Parameter } from './openapi-operations';
import { schemaArbitraries } from './schema-values';

/**
 * Requests drawn from an operation's own schemas (path and query parameters, JSON body), the
 * property-based half of the fuzz: "conforming" requests satisfy every schema, with values at its
 * edges, and test what validation lets through; "one field off" requests put one parameter or one
 * body field just outside its schema, and test that validation refuses it without crashing.
 */

/** Percent-encoding of the text's UTF-8 (a lone surrogate travels as U+FFFD, as a browser sends it). */
const percentEncoded = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return /[A-Za-z0-9\-_.~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');

/** A parameter's value as the URL carries it: text as it is, anything else as JSON text. */
const wireText = (value: unknown): string =>
  percentEncoded(typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value));

/** A query value as repeated parameters when it is a list (`?ids=a&ids=b`). */
const queryWire = (value: unknown): string | string[] =>
  Array.isArray(value) ? value.map(wireText) : wireText(value);

type Slot = { place: 'path' | 'query'; parameter: Parameter } | { place: 'body'; schema: JsonSchema };

interface Drawn {
  label: string;
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: unknown;
}

/** Absent from the query. */
const ABSENT = Symbol('absent');

export interface SchemaVariantCounts {
  /** Requests that satisfy every schema of the operation. */
  conforming: number;
  /** Requests with one parameter or one body field just outside its schema. */
  oneFieldOff: number;
}

/**
 * Deterministic for a seed: the same seed, operation and counts give the same requests, whatever
 * other operations the document holds.
 */
export const schemaVariantsOf = (
  operation: Operation,
  counts: SchemaVariantCounts,
  seed: number,
): Variant[] => {
  const values = schemaArbitraries(operation.resolve);
  const parameters = operation.parameters.filter((p) => p.in === 'path' || p.in === 'query');
  const slots: Slot[] = [
    ...parameters.map((parameter): Slot => ({ place: parameter.in as 'path' | 'query', parameter })),
    ...(operation.body ? [{ place: 'body' as const, schema: operation.body }] : []),
  ];

  /**
   * An optional parameter left out, sent empty (as a cleared search field sends it) where its schema
   * lets it be empty (where not, that is one field off), or given: in a sparse request most are left
   * out, so that a value the code refuses beyond its schema does not hide the others behind it.
   */
  const parameterArbitrary = (parameter: Parameter, off: boolean, sparse: boolean): fc.Arbitrary<unknown> => {
    if (off) return values.nearMiss(parameter.schema);
    const value = values.conforming(parameter.schema);
    if (parameter.in !== 'query' || parameter.required) return value;
    return fc.oneof(
      { arbitrary: fc.constant(ABSENT), weight: sparse ? 6 : 1 },
      ...(values.acceptsEmpty(parameter.schema) ? [{ arbitrary: fc.constant(''), weight: 1 }] : []),
      { arbitrary: value, weight: sparse ? 1 : 3 },
    );
  };

  const drawn = (offSlot: Slot | undefined): fc.Arbitrary<Drawn> =>
    fc.boolean().chain((sparse) => drawnWith(offSlot, sparse));

  const drawnWith = (offSlot: Slot | undefined, sparse: boolean): fc.Arbitrary<Drawn> => {
    const inPlace = (place: 'path' | 'query') =>
      fc.record(
        Object.fromEntries(
          parameters
            .filter((p) => p.in === place)
            .map((p) => [
              p.name,
              parameterArbitrary(p, offSlot?.place === place && offSlot.parameter === p, sparse),
            ]),
        ),
      );
    const body = operation.body
      ? offSlot?.place === 'body'
        ? values.nearMiss(operation.body)
        : values.conforming(operation.body)
      : fc.constant(undefined);
    const label =
      offSlot === undefined
        ? 'schema: conforming'
        : offSlot.place === 'body'
          ? 'schema: body off'
          : `schema: ${offSlot.place} ${offSlot.parameter.name} off`;
    return fc
      .record({ path: inPlace('path'), query: inPlace('query'), body })
      .map((parts) => ({ label, ...parts }));
  };

  const conforming = fc.sample(drawn(undefined), { seed, numRuns: counts.conforming });
  const oneOff =
    slots.length === 0
      ? []
      : fc.sample(
          fc.constantFrom(...slots).chain((slot) => drawn(slot)),
          { seed: seed ^ 0x5bd1e995, numRuns: counts.oneFieldOff },
        );
  return [...conforming, ...oneOff].map((request) => toVariant(operation, request.label, inputsOf(request)));
};

const inputsOf = (request: Drawn): Inputs => {
  const present = Object.entries(request.query).filter(([, value]) => value !== ABSENT);
  return {
    path: Object.fromEntries(Object.entries(request.path).map(([name, value]) => [name, wireText(value)])),
    query: Object.fromEntries(present.map(([name, value]) => [name, queryWire(value)])),
    headers: {},
    ...(request.body === undefined
      ? {}
      : { body: JSON.stringify(request.body), contentType: 'application/json' }),
  };
};

/** A seed of its own for each operation, from the run's seed: adding a route changes no other's requests. */
export const operationSeed = (runSeed: number, operation: Pick<Operation, 'method' | 'path'>): number => {
  let hash = runSeed | 0;
  for (const char of `${operation.method} ${operation.path}`) {
    hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  }
  return hash | 0;
};
