import { type ChildServer, startChildServer } from './child-server';

/** The route bare-route-app.mjs answers. */
export const BARE_ROUTE_PATH = '/bare';

/** Starts the bare Fastify baseline the same way as the real server: child process, plain node, /readyz. */
export const startBareRouteServer = (): Promise<ChildServer> =>
  startChildServer({
    name: 'bare route server',
    nodeArgs: ['bench/src/lib/bare-route-app.mjs'],
    env: { LOG_LEVEL: 'warn' },
  });
