import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { textArrayLiteral, tsqueryLiteral } from './repo';

describe('textArrayLiteral', () => {
  it('quotes every element, so commas, braces and quotes stay inside it', () => {
    expect(textArrayLiteral(['@menus/app:a', 'b,c', '{d}', 'e"f', 'g\\h'])).toBe(
      '{"@menus/app:a","b,c","{d}","e\\"f","g\\\\h"}',
    );
    expect(textArrayLiteral([])).toBe('{}');
  });
});

describe('tsqueryLiteral', () => {
  const rendered = (text: string) => new PgDialect().sqlToQuery(tsqueryLiteral(text));

  it('writes the query into the text as an escape string, quotes and backslashes doubled', () => {
    expect(rendered("'水':* & '@menus/t:t-water'")).toEqual({
      sql: "E'''水'':* & ''@menus/t:t-water'''::tsquery",
      params: [],
    });
    expect(rendered(String.raw`'it''s' & 'a\b'`).sql).toBe(String.raw`E'''it''''s'' & ''a\\b'''::tsquery`);
  });

  it('refuses a NUL, which no query can hold', () => {
    expect(() => tsqueryLiteral("'a\0b'")).toThrow(/NUL/);
  });
});
