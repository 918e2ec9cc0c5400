import type { FastifyInstance } from 'fastify';
import { type AdminFrameworkDeps, type ResourceDefinition, resourceRoutes } from './resource-routes';

/** Every declared admin resource gets its routes from one place; app.ts names none of them. */
export const registerAdminResources = async (
  app: FastifyInstance,
  deps: AdminFrameworkDeps,
  definitions: readonly ResourceDefinition[],
): Promise<void> => {
  const names = new Set<string>();
  for (const definition of definitions) {
    const key = `${definition.declaration.scope}/${definition.declaration.name}`;
    if (names.has(key)) throw new Error(`admin resource ${key} is declared twice`);
    names.add(key);
    await app.register(resourceRoutes(deps, definition));
  }
};
