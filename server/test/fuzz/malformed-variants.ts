import { type JsonSchema, type Operation, type Parameter, sampleOf } from './openapi-operations';

/** One request the fuzz sends: what an outside tester would try against the route. */
export interface Variant {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const LONG_TEXT = 'x'.repeat(100_000);
const SQL_TEXTS = [
  "' OR '1'='1' --",
  "'; DROP TABLE accounts; --",
  '1) UNION SELECT password_hash FROM accounts --',
];
const PROTO_TEXTS = ['__proto__', 'constructor', 'prototype'];

/** Values put in place of one body field. Strings with NUL and lone surrogates go through JSON escapes. */
const HOSTILE_VALUES: [string, unknown][] = [
  ['null', null],
  ['a boolean', true],
  ['zero', 0],
  ['a negative number', -1],
  ['a huge number', 1e308],
  ['a huge negative number', -1e308],
  ['an unsafe integer', Number.MAX_SAFE_INTEGER + 2],
  ['a fraction', 1.5],
  ['an empty string', ''],
  ['a 100,000-character string', LONG_TEXT],
  ['a NUL', 'a\u0000b'],
  ['a lone surrogate', 'a\ud800b'],
  ['a trailing lone surrogate', 'ab\udfff'],
  ...SQL_TEXTS.map((text): [string, unknown] => [`SQL ${text}`, text]),
  ...PROTO_TEXTS.map((text): [string, unknown] => [`the string ${text}`, text]),
  ['an array', ['a', 1]],
  ['an object', { nested: { deeper: 'x' } }],
  ['an array of objects', [{ __proto__: 'x' }]],
];

/** Query, path and header values, already in their wire form (some are not valid percent-encoding). */
const HOSTILE_RAW_PARAMS: [string, string][] = [
  ['a NUL', 'a%00b'],
  ['a lone surrogate in CESU-8', 'a%ED%A0%80b'],
  ['invalid UTF-8', '%FF%FE%C3'],
  ['a broken escape', '%zz%'],
  ['a 100,000-character string', LONG_TEXT],
  ['an empty value', ''],
  ['a huge number', '1e308'],
  ['a negative number', '-1'],
  ['a long digit string', '99999999999999999999999999'],
  ...SQL_TEXTS.map((text): [string, string] => [`SQL ${text}`, encodeURIComponent(text)]),
  ['__proto__', '__proto__'],
  ['a path traversal', '..%2F..%2Fetc%2Fpasswd'],
];

/** A JSON document nested far deeper than any schema allows. */
const deeplyNested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

export interface Inputs {
  path: Record<string, string>;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  /** The body as JSON text, or raw bytes; undefined sends none. */
  body?: string | Buffer;
  contentType?: string;
}

const encodeQuery = (query: Record<string, string | string[]>) =>
  Object.entries(query)
    .flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => `${name}=${v}`))
    .join('&');

export const toVariant = (operation: Operation, label: string, inputs: Inputs): Variant => {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => inputs.path[name] ?? '');
  const query = encodeQuery(inputs.query);
  return {
    label,
    method: operation.method,
    url: query ? `${path}?${query}` : path,
    headers: { ...inputs.headers, ...(inputs.contentType ? { 'content-type': inputs.contentType } : {}) },
    ...(inputs.body === undefined ? {} : { payload: inputs.body }),
  };
};

const paramSample = (parameter: Parameter) => {
  const value = sampleOf(parameter.schema);
  return encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));
};

/** The well-formed request the variants start from, and each malformed variant of it. */
export const variantsOf = (operation: Operation): Variant[] => {
  const byPlace = (place: Parameter['in']) => operation.parameters.filter((p) => p.in === place);
  const base: Inputs = {
    path: Object.fromEntries(byPlace('path').map((p) => [p.name, paramSample(p)])),
    query: Object.fromEntries(byPlace('query').map((p) => [p.name, paramSample(p)])),
    headers: {},
  };
  const sampleBody = operation.body ? sampleOf(operation.body) : undefined;
  if (operation.body) {
    base.body = JSON.stringify(sampleBody);
    base.contentType = 'application/json';
  }
  const variants: Variant[] = [toVariant(operation, 'the well-formed sample', base)];
  const add = (label: string, change: Partial<Inputs>) =>
    variants.push(toVariant(operation, label, { ...base, ...change }));

  for (const parameter of operation.parameters) {
    const place = parameter.in === 'path' ? 'path' : parameter.in === 'query' ? 'query' : null;
    if (parameter.in === 'header') {
      for (const value of [LONG_TEXT.slice(0, 8_000), SQL_TEXTS[0]!, '__proto__']) {
        add(`header ${parameter.name}: ${value.slice(0, 20)}`, { headers: { [parameter.name]: value } });
      }
      continue;
    }
    if (!place) continue;
    if (place === 'query') {
      const { [parameter.name]: _left, ...without } = base.query;
      add(`query ${parameter.name} missing`, { query: without });
      add(`query ${parameter.name} repeated`, { query: { ...base.query, [parameter.name]: ['a', 'b'] } });
    }
    for (const [label, raw] of HOSTILE_RAW_PARAMS) {
      add(`${place} ${parameter.name}: ${label}`, { [place]: { ...base[place], [parameter.name]: raw } });
    }
  }
  add('an unknown query parameter', { query: { ...base.query, unexpected: '1', __proto__: 'x' } as never });
  add('a bad bearer token', { headers: { authorization: 'Bearer not-a-token' } });
  add('a malformed authorization header', { headers: { authorization: `Basic ${'x'.repeat(5_000)}` } });

  if (operation.body) addBodyVariants(sampleBody, add);
  else add('an unexpected JSON body', { body: '{"a":1}', contentType: 'application/json' });
  return variants;
};

const addBodyVariants = (sample: unknown, add: (label: string, change: Partial<Inputs>) => void) => {
  const json = (value: unknown) => ({ body: JSON.stringify(value), contentType: 'application/json' });
  add('an empty body', { body: '', contentType: 'application/json' });
  add('no body at all', { body: undefined, contentType: undefined });
  add('malformed JSON', { body: '{"a": ', contentType: 'application/json' });
  add('the JSON null', json(null));
  add('an array for the object', json([sample]));
  add('a string for the object', json('text'));
  add('a number for the object', json(42));
  add('deeply nested JSON', { body: deeplyNested(50_000), contentType: 'application/json' });
  add('a __proto__ key', { body: '{"__proto__":{"polluted":true}}', contentType: 'application/json' });
  add('a constructor.prototype key', json({ constructor: { prototype: { polluted: true } } }));
  add('text/plain', { body: JSON.stringify(sample), contentType: 'text/plain' });
  add('application/xml', { body: '<a>1</a>', contentType: 'application/xml' });
  add('a form body', { body: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' });
  add('a JSON body without a content type', { body: JSON.stringify(sample), contentType: undefined });
  add('a body over the size limit', {
    body: `{"a":"${'x'.repeat(1_100_000)}"}`,
    contentType: 'application/json',
  });
  add('invalid UTF-8 bytes in a string', {
    body: Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from('"}')]),
    contentType: 'application/json',
  });
  if (sample === null || typeof sample !== 'object' || Array.isArray(sample)) return;
  const fields = sample as Record<string, unknown>;
  add('an extra field', json({ ...fields, unexpectedField: 'x' }));
  for (const name of Object.keys(fields)) {
    const { [name]: _left, ...without } = fields;
    add(`body ${name} missing`, json(without));
    for (const [label, value] of HOSTILE_VALUES)
      add(`body ${name}: ${label}`, json({ ...fields, [name]: value }));
  }
};

export type { JsonSchema };
