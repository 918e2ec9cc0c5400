import { SEMVER_PATTERN } from '@uniwim/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type JsonSchema, type Operation, refResolverOf } from './openapi-operations';
import { operationSeed, schemaVariantsOf } from './schema-requests';
import { schemaArbitraries } from './schema-values';

/**
 * The schema-driven generator of the fuzz suite, without a server: it must draw, from the schemas
 * the routes declared before issue 24, the values that crashed them (each a 500 then).
 */
const draws = (schema: JsonSchema, document: unknown = {}, runs = 300) =>
  fc.sample(schemaArbitraries(refResolverOf(document)).conforming(schema), { seed: 24, numRuns: runs });
const misses = (schema: JsonSchema, runs = 300) =>
  fc.sample(schemaArbitraries(refResolverOf({})).nearMiss(schema), { seed: 24, numRuns: runs });

const operation = (partial: Partial<Operation>): Operation => ({
  method: 'GET',
  path: '/x',
  parameters: [],
  resolve: refResolverOf({}),
  ...partial,
});

describe('the fuzz suite’s schema-driven generator', () => {
  it('draws integers past PostgreSQL’s int4 where a schema bounds them only by the safe integers', () => {
    // `toVersion` of the settings' rollback before issue 24.
    const values = draws({ type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
    expect(values).toContain(2 ** 31);
    expect(values).toContain(Number.MAX_SAFE_INTEGER);
    expect(values.every((v) => Number.isInteger(v) && (v as number) >= 1)).toBe(true);
    // Within int4 bounds, the bounds themselves and nothing beyond.
    const bounded = draws({ type: 'integer', minimum: 0, maximum: 2 ** 31 - 1 });
    expect(bounded).toContain(2 ** 31 - 1);
    expect(bounded).toContain(0);
    expect(bounded.every((v) => (v as number) >= 0 && (v as number) <= 2 ** 31 - 1)).toBe(true);
  });

  it('draws dates that do not exist, or that PostgreSQL refuses, where the pattern is only the shape', () => {
    // `to` and `from` of the statistics before issue 24.
    const values = draws({ type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
    for (const day of ['2026-00-10', '0000-01-01', '0001-01-01', '2026-02-30', '9999-99-99']) {
      expect(values).toContain(day);
    }
    expect(values.every((v) => /^\d{4}-\d{2}-\d{2}$/.test(v as string))).toBe(true);
  });

  it('draws versions whose numbers pass the pattern but no safe integer', () => {
    // `versionNumber` and `minSupportedVersion` of a version before issue 24.
    const values = draws({ type: 'string', maxLength: 64, pattern: SEMVER_PATTERN.source });
    expect(values).toContain('99999999999999999999.0.0');
    expect(values.every((v) => SEMVER_PATTERN.test(v as string) && (v as string).length <= 64)).toBe(true);
  });

  it('sends optional filters empty (`status=`), as a cleared search form does', () => {
    // The user ledger's `status` filter before issue 24.
    const ledger = operation({
      path: '/ump/admin/user-ledger',
      parameters: [
        { name: 'status', in: 'query', required: false, schema: { type: 'string', maxLength: 200 } },
      ],
    });
    const urls = schemaVariantsOf(ledger, { conforming: 12, oneFieldOff: 0 }, operationSeed(24, ledger)).map(
      (v) => v.url,
    );
    expect(urls).toContain('/ump/admin/user-ledger?status=');
    expect(urls).toContain('/ump/admin/user-ledger');
  });

  it('draws the longest text allowed, the empty one and unicode that changes length when cased', () => {
    const values = draws({ type: 'string', maxLength: 200 });
    expect(values).toContain('x'.repeat(200));
    expect(values).toContain('');
    expect(values).toContain('İ');
    expect(values.every((v) => typeof v === 'string' && v.length <= 200)).toBe(true);
  });

  it('puts values just outside a schema: one past a bound or an enum, the wrong type, a field missing', () => {
    expect(misses({ type: 'integer', minimum: 1, maximum: 10 })).toEqual(
      expect.arrayContaining([0, 11, 1.5, '1', null]),
    );
    expect(misses({ type: 'string', maxLength: 5 })).toContain('xxxxxx');
    expect(misses({ type: 'string', enum: ['draft', 'published'] })).toEqual(
      expect.arrayContaining(['', 'publishedx', 'DRAFT']),
    );
    const objects = misses({
      type: 'object',
      properties: { name: { type: 'string' }, size: { type: 'integer', maximum: 3 } },
      required: ['name'],
      additionalProperties: false,
    }) as Record<string, unknown>[];
    expect(objects.some((o) => typeof o === 'object' && o !== null && !('name' in o))).toBe(true);
    expect(objects.some((o) => typeof o === 'object' && o !== null && 'unexpectedField' in o)).toBe(true);
    expect(objects.some((o) => typeof o === 'object' && o !== null && o.size === 4)).toBe(true);
  });

  it('reads $ref (with keywords beside it), allOf, anyOf, nullable and type lists', () => {
    const document = {
      components: {
        schemas: {
          Version: { type: 'integer', minimum: 0, maximum: 5 },
          Named: {
            type: 'object',
            properties: { name: { type: 'string', enum: ['a'] } },
            required: ['name'],
          },
        },
      },
    };
    const values = draws(
      {
        allOf: [
          { $ref: '#/components/schemas/Named' },
          {
            type: 'object',
            properties: {
              version: { $ref: '#/components/schemas/Version', nullable: true },
              either: { anyOf: [{ type: 'boolean' }, { type: 'string', enum: ['b'] }] },
              list: { type: ['array', 'null'], items: { type: 'integer', minimum: 7, maximum: 7 } },
            },
            required: ['version', 'either', 'list'],
          },
        ],
      },
      document,
    ) as Record<string, unknown>[];
    for (const value of values) {
      expect(value.name).toBe('a');
      expect(
        value.version === null || ((value.version as number) >= 0 && (value.version as number) <= 5),
      ).toBe(true);
      expect([true, false, 'b']).toContain(value.either);
      expect(value.list === null || (value.list as unknown[]).every((item) => item === 7)).toBe(true);
    }
    expect(values.some((value) => value.version === null)).toBe(true);
    expect(values.some((value) => value.list === null)).toBe(true);
    // A reference to nothing (or a cycle) is the empty schema: any value, no crash.
    expect(draws({ $ref: '#/components/schemas/missing' }, document, 5)).toHaveLength(5);
  });

  it('repeats its requests for a seed, and differs for another', () => {
    const op = operation({
      method: 'POST',
      body: { type: 'object', properties: { n: { type: 'integer' }, s: { type: 'string' } } },
    });
    const counts = { conforming: 5, oneFieldOff: 5 };
    expect(schemaVariantsOf(op, counts, 1)).toEqual(schemaVariantsOf(op, counts, 1));
    expect(schemaVariantsOf(op, counts, 1)).not.toEqual(schemaVariantsOf(op, counts, 2));
  });
});
