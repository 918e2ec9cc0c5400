import { type ChildServer, startChildServer } from './child-server';

/** The route argon2-verify-app.ts answers: one argon2id verify per request. */
export const ARGON2_VERIFY_PATH = '/verify';

/**
 * Starts the argon2-alone baseline the same way as the real server (child process, tsx, /readyz), with a
 * hash of `password` made by the server's hashPassword() at start-up.
 */
export const startArgon2VerifyServer = (password: string): Promise<ChildServer> =>
  startChildServer({
    name: 'argon2 verify server',
    nodeArgs: ['--import', 'tsx', 'bench/src/lib/argon2-verify-app.ts'],
    env: { LOG_LEVEL: 'warn', BENCH_ARGON2_PASSWORD: password },
  });
