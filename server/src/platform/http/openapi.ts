import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import swagger, { type SwaggerTransformObject } from '@fastify/swagger';
import { API_SCOPES } from '@uniwim/contracts';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { ERROR_ENVELOPE_COMPONENT, errorEnvelopeJsonSchema, hoistErrorResponses } from './openapi-errors';
import { openApiRouteTransform, securitySchemes } from './openapi-route-transform';

/** The files of swagger-ui-dist the docs page loads; nothing else of the package is served. */
const DOCS_ASSETS = new Set(['/swagger-ui.css', '/index.css', '/swagger-ui-bundle.js', '/favicon-32x32.png']);

/**
 * The docs page: Swagger UI's own build, started by a script file of ours (the pages' policy allows
 * no inline script) on the document at /docs/json. Served here rather than by @fastify/swagger-ui,
 * whose plugin loaded a second copy of @fastify/static, glob and a YAML parser at every start
 * (about 90 ms of the HTTP thread; docs/performance.md, issue 11) for a page few ever open.
 */
const DOCS_PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Enterprise cloud platform API</title>
<link rel="stylesheet" href="/docs/static/swagger-ui.css">
<link rel="stylesheet" href="/docs/static/index.css">
<link rel="icon" type="image/png" href="/docs/static/favicon-32x32.png" sizes="32x32">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/static/swagger-ui-bundle.js"></script>
<script src="/docs/start.js"></script>
</body>
</html>
`;

const DOCS_START = `window.ui = SwaggerUIBundle({ url: '/docs/json', dom_id: '#swagger-ui', deepLinking: true });\n`;

/**
 * The document's components: the zod schemas registered with an id (the recursive trees, which can
 * only be referenced) and the error envelope, keeping only those some operation refers to.
 */
const withComponents: SwaggerTransformObject = (document) => {
  const built = jsonSchemaTransformObject(document) as { components?: { schemas?: Record<string, unknown> } };
  const schemas: Record<string, unknown> = {
    ...built.components?.schemas,
    [ERROR_ENVELOPE_COMPONENT]: errorEnvelopeJsonSchema(),
  };
  const referenced = new Set<string>();
  const visit = (value: unknown) => {
    const text = JSON.stringify(value);
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (name && !referenced.has(name)) {
        referenced.add(name);
        visit(schemas[name]);
      }
    }
  };
  const paths = (built as { paths?: Record<string, Record<string, unknown>> }).paths ?? {};
  const responses = hoistErrorResponses(paths);
  visit(paths);
  visit(responses);
  return {
    ...built,
    components: {
      ...built.components,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => referenced.has(name))),
      responses,
    },
  } as ReturnType<SwaggerTransformObject>;
};

/**
 * OpenAPI 3.1 generated from the routes (their zod schemas as JSON Schema 2020-12, and what their
 * options say: openapi-route-transform.ts): /docs/json and /docs/yaml, browsable at /docs.
 */
export const registerOpenApi = async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Enterprise cloud platform API',
        description:
          'Every answer is the envelope {Code, Message, Response}; Code 0 is success. Failures carry ' +
          'a typed code (see packages/contracts/src/errors.ts), its symbolic name in Error, and a ' +
          'Chinese message. Each operation lists the error answers its input, its guards and its own rules ' +
          'imply; any operation may also answer 500 INTERNAL or 503 (NOT_READY, STORE_UNAVAILABLE, ' +
          'DATABASE_UNAVAILABLE, with Retry-After).',
        version: '0.1.0',
      },
      // Relative: the API is where this document is served from.
      servers: [{ url: '/' }],
      components: {
        securitySchemes: securitySchemes(
          Object.fromEntries(Object.entries(API_SCOPES).map(([scope, { title }]) => [scope, title.en])),
        ),
      },
    },
    transform: openApiRouteTransform,
    transformObject: withComponents,
  });
  await app.register(async (docs) => {
    const hidden = { schema: { hide: true } };
    docs.get('/docs', hidden, (_request, reply) => reply.type('text/html; charset=utf-8').send(DOCS_PAGE));
    docs.get('/docs/start.js', hidden, (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').send(DOCS_START),
    );
    docs.get('/docs/json', hidden, () => app.swagger());
    docs.get('/docs/yaml', hidden, (_request, reply) =>
      reply.type('application/x-yaml; charset=utf-8').send(app.swagger({ yaml: true })),
    );
    const swaggerUiDist = path.dirname(
      createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'),
    );
    await docs.register(fastifyStatic, {
      root: swaggerUiDist,
      prefix: '/docs/static/',
      decorateReply: false,
      index: false,
      wildcard: true,
      allowedPath: (pathName) => DOCS_ASSETS.has(pathName),
    });
  });
};
