import { type ChildServer, startChildServer } from './child-server';

/** The route bare-route-app.ts answers. */
export const BARE_ROUTE_PATH = '/bare';

/** Starts the bare Fastify baseline the same way as the real server: child process, tsx, /readyz. */
export const startBareRouteServer = (): Promise<ChildServer> =>
  startChildServer({
    name: 'bare route server',
    nodeArgs: ['--import', 'tsx', 'bench/src/lib/bare-route-app.ts'],
    env: { LOG_LEVEL: 'warn' },
  });
