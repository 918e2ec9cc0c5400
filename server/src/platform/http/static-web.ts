import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built pages on the API's origin; hashed assets are cached for good, pages never.
 * login.html has its own route (modules/login-page), which fills it in with the tenant's look.
 */
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
    // The web build writes .br and .gz beside its scripts and styles (web/vite.config.ts).
    preCompressed: true,
    setHeaders: (res, filePath) => {
      // The same address answers compressed or not, by Accept-Encoding: caches must keep them apart.
      res.setHeader('vary', 'accept-encoding');
      res.setHeader(
        'cache-control',
        filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect('/login.html'));
};
