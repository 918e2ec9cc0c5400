import {
  appPackageAnswerSchema,
  appPackageListItemSchema,
  appPackageSearchBodySchema,
  envelopeSchema,
} from '@uniwim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuard, sessionOf } from '../../platform/http/auth-guard';
import { ok } from '../../platform/http/envelope';
import { attachmentHeader } from './package-files';
import type { AppPackageService } from './service';

export const appPackageRoutes =
  (deps: { appPackages: AppPackageService; auth: AuthGuard }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/package-api/appPackage/search',
      {
        onRequest: deps.auth.required,
        schema: {
          tags: ['shell'],
          summary: "Download link of an application's package",
          description:
            'For an application the active tenant is empowered to use: the package of the version released ' +
            'to the tenant (/umpVersioning), else the catalogue package. `zip` is a link on this server ' +
            '(GET /package-api/appPackage/download/{appKey}?ticket=) that needs no token and works for 10 ' +
            'minutes. NO_DOWNLOAD_PACKAGE ("暂无下载包") when the application has no package.',
          security: [{ bearer: [] }],
          body: appPackageSearchBodySchema,
          response: { 200: envelopeSchema(appPackageAnswerSchema) },
        },
      },
      async (request) => ok(await deps.appPackages.search(sessionOf(request), request.body.appKey)),
    );

    app.get(
      '/package-api/appPackage/list',
      {
        onRequest: deps.auth.required,
        schema: {
          tags: ['shell'],
          summary: "The active tenant's applications and whether each has a package (download page)",
          security: [{ bearer: [] }],
          response: { 200: envelopeSchema(z.array(appPackageListItemSchema)) },
        },
      },
      async (request) => ok(await deps.appPackages.list(sessionOf(request))),
    );

    app.get(
      '/package-api/appPackage/download/:appKey',
      {
        schema: {
          tags: ['shell'],
          summary: 'The package file a search answered a link to',
          description:
            'Streams the file as an attachment; DOWNLOAD_LINK_EXPIRED once the link is 10 minutes old.',
          params: z.object({ appKey: appPackageSearchBodySchema.shape.appKey }),
          querystring: z.object({ ticket: z.string().min(1).max(100) }),
        },
      },
      async (request, reply) => {
        const found = await deps.appPackages.download(request.params.appKey, request.query.ticket);
        return reply
          .header('content-type', found.contentType)
          .header('content-length', String(found.size))
          .header('content-disposition', attachmentHeader(found.fileName))
          .header('cache-control', 'private, no-store')
          .send(found.stream);
      },
    );
  };
