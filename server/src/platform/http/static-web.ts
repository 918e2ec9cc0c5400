import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built pages on the API's origin; hashed assets are cached for good, pages never. */
export const registerStaticWeb = async (app: FastifyInstance, webDistDir: string) => {
  if (!existsSync(webDistDir)) {
    app.log.warn({ webDistDir }, 'web pages are not built; run `npm run build`');
    return;
  }
  await app.register(fastifyStatic, {
    root: webDistDir,
    index: false,
    wildcard: true,
    // The plugin's own cache-control would override ours.
    cacheControl: false,
    setHeaders: (res, filePath) => {
      res.setHeader(
        'cache-control',
        filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect('/login.html'));
};
