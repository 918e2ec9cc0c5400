import { type AdminScope, envelopeSchema } from '@uniwim/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ActiveSession } from '../../modules/sessions/repo';
import { ok } from '../http/envelope';
import { type AdminFrameworkDeps, type ResourceDefinition, resourceRoutes } from './resource-routes';

/** The codes the signed-in user holds in a scope: the pages hide what the user may not do. */
const permissionRoutes =
  (deps: AdminFrameworkDeps): FastifyPluginAsyncZod =>
  async (app) => {
    for (const scope of ['dmp', 'ump'] as AdminScope[]) {
      app.get(
        `/${scope}/admin/permissions`,
        {
          onRequest: deps.auth.required,
          schema: {
            tags: ['admin'],
            summary: `The permission codes the user holds on ${scope === 'dmp' ? 'the platform' : 'the active tenant'}`,
            security: [{ bearer: [] }],
            response: { 200: envelopeSchema(z.object({ codes: z.array(z.string()) })) },
          },
        },
        async (request) => {
          const operator = await deps.permissions.operatorOf(request.session as ActiveSession, scope);
          return ok({ codes: [...operator.codes].sort() });
        },
      );
    }
  };

/** Every declared admin resource gets its routes from one place; app.ts names none of them. */
export const registerAdminResources = async (
  app: FastifyInstance,
  deps: AdminFrameworkDeps,
  definitions: readonly ResourceDefinition[],
): Promise<void> => {
  await app.register(permissionRoutes(deps));
  const names = new Set<string>();
  for (const definition of definitions) {
    const key = `${definition.declaration.scope}/${definition.declaration.name}`;
    if (names.has(key)) throw new Error(`admin resource ${key} is declared twice`);
    names.add(key);
    await app.register(resourceRoutes(deps, definition));
  }
};
