import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { ErrorCodes, type ErrorName } from '@uniwim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { startTestApp, type TestApp } from '../support/test-app';

interface Response {
  $ref?: string;
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: Record<string, unknown> }>;
}

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> };
  responses: Record<string, Response>;
  'x-permission'?: { scope: string; code: string };
}

interface Document {
  openapi: string;
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, Response>; schemas: Record<string, unknown> };
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const operationsOf = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method, path, operation })),
  );

/** A response as the document states it, its `$ref` followed. */
const responseOf = (document: Document, response: Response): Response =>
  response.$ref ? document.components.responses[response.$ref.split('/').pop()!]! : response;

/** The typed error names a documented error answer may carry. */
const errorNamesOf = (document: Document, response: Response): string[] => {
  const schema = responseOf(document, response).content?.['application/json']?.schema as
    | { allOf?: { properties?: { Error?: { enum?: string[] } } }[] }
    | undefined;
  return schema?.allOf?.[1]?.properties?.Error?.enum ?? [];
};

/**
 * The API as standard tools read it (issue 24): the served OpenAPI document validates with
 * swagger-parser, passes redocly's recommended rules without an error, and says what each
 * operation answers, generated from the routes' guards, input and the typed error catalogue.
 */
describe.each(testBackends())('the OpenAPI document on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let served: string;
  let document: Document;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    const res = await app.server.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    served = res.body;
    document = JSON.parse(served) as Document;
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  it('is OpenAPI 3.1 with a server, and swagger-parser validates it (every $ref resolves)', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: '/' }]);
    // validate() dereferences in place: a copy, so the other tests read the document as served.
    await expect(SwaggerParser.validate(JSON.parse(served))).resolves.toBeDefined();
  });

  it("passes redocly's recommended rules with no error", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: served, absoluteRef: '/docs/json', config });
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  });

  it('gives every operation a unique operationId, a summary, its security and its error answers', () => {
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(400);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const incomplete = operations
      .filter(
        ({ operation }) =>
          !operation.summary ||
          !operation.security ||
          !Object.keys(operation.responses).some((status) => status.startsWith('4')),
      )
      .map(({ method, path }) => `${method} ${path}`);
    expect(incomplete).toEqual([]);
    // Stable: made of the method and the path.
    expect(document.paths['/ump/admin/users/{id}']?.get?.operationId).toBe('getUmpAdminUsersById');
  });

  it('documents only codes of the catalogue, each under its own status', () => {
    const wrong: string[] = [];
    for (const { method, path, operation } of operationsOf(document)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const name of errorNamesOf(document, response)) {
          const definition = ErrorCodes[name as ErrorName];
          if (String(definition?.status) !== status) wrong.push(`${method} ${path} ${status} ${name}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('reads security and refusals from the guards each route runs', () => {
    const list = document.paths['/ump/admin/users']!.get!;
    expect(list.security).toEqual([{ bearer: [] }]);
    expect(list['x-permission']).toEqual({ scope: 'ump', code: 'user:list' });
    expect(errorNamesOf(document, list.responses['401']!)).toEqual(
      expect.arrayContaining(['UNAUTHENTICATED', 'TOKEN_INVALID']),
    );
    expect(errorNamesOf(document, list.responses['403']!)).toContain('FORBIDDEN');
    const update = document.paths['/ump/admin/users/{id}']!.put!;
    expect(errorNamesOf(document, update.responses['404']!)).toEqual(['NOT_FOUND']);
    expect(errorNamesOf(document, update.responses['409']!)).toContain('VERSION_CONFLICT');
    expect(errorNamesOf(document, update.responses['400']!)).toEqual(
      expect.arrayContaining(['BAD_REQUEST', 'MALFORMED_JSON', 'URL_MALFORMED']),
    );
    // Public, optional and API-credential routes say so the standard way.
    const login = document.paths['/dmp/login']!.post!;
    expect(login.security).toEqual([]);
    expect(login.responses['401']).toBeUndefined();
    expect(document.paths['/ump/search']!.get!.security).toEqual([{ bearer: [] }, {}]);
    expect(document.paths['/ump/todos']!.post!.security).toEqual([
      { bearer: [] },
      { apiClient: ['todo:write'] },
    ]);
  });

  it('declares the exports’ 200 workbook besides their 202 job, and the templates’ workbook', () => {
    // The administration framework's exports (the menus' export is a JSON tree of its own).
    const exports = operationsOf(document).filter(
      ({ path, operation }) => path.endsWith('/export') && operation.responses['202'],
    );
    expect(exports.length).toBeGreaterThan(25);
    const wrong = exports
      .filter(
        ({ operation }) =>
          Object.keys(operation.responses['200']?.content ?? {}).join() !== XLSX ||
          Object.keys(operation.responses['202']?.content ?? {}).join() !== 'application/json',
      )
      .map(({ path }) => path);
    expect(wrong).toEqual([]);
    const template = document.paths['/ump/admin/users/import-template']!.get!;
    expect(Object.keys(template.responses['200']!.content!)).toEqual([XLSX]);
  });

  it('gives each upload a multipart body with its binary file', () => {
    const multipart = operationsOf(document).filter(
      ({ operation }) => operation.requestBody?.content?.['multipart/form-data'],
    );
    expect(multipart.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(
      expect.arrayContaining([
        'post /dmp/admin/files/upload',
        'post /ump/admin/files/upload',
        'post /dmp/admin/tenants/import',
        'post /ump/admin/users/import',
        'post /dmp/admin/dictionaries/import',
      ]),
    );
    for (const { operation } of multipart) {
      const schema = operation.requestBody!.content!['multipart/form-data']!.schema as {
        required: string[];
        properties: { file: { type: string; format: string } };
      };
      expect(schema.required).toEqual(['file']);
      expect(schema.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    }
  });

  it('is honest: each operation, called without a token or input, gives an answer it documents', async () => {
    const wrong: string[] = [];
    for (const { method, path, operation } of operationsOf(document)) {
      const res = await app.server.inject({
        method: method.toUpperCase() as 'GET',
        url: path.replace(/\{[^}]+\}/g, 'x'),
      });
      const documented = operation.responses[String(res.statusCode)];
      const error = String(res.headers['content-type']).startsWith('application/json')
        ? (res.json() as { Error?: string }).Error
        : undefined;
      if (!documented) wrong.push(`${method} ${path}: ${res.statusCode} ${error ?? ''} undocumented`);
      else if (res.statusCode >= 400 && error && !errorNamesOf(document, documented).includes(error)) {
        wrong.push(`${method} ${path}: ${res.statusCode} ${error} not among its codes`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
