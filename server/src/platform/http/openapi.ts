import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

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

/** OpenAPI generated from the routes' zod schemas: /docs/json and /docs/yaml, browsable at /docs. */
export const registerOpenApi = async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Enterprise cloud platform API',
        description:
          'Every answer is the envelope {Code, Message, Response}; Code 0 is success. Failures carry ' +
          'a typed code (see packages/contracts/src/errors.ts), its symbolic name in Error, and a ' +
          'Chinese message.',
        version: '0.1.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
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
