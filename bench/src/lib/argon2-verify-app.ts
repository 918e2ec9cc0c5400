/**
 * The sign-in baseline: argon2id verify alone, behind the same HTTP stack the bench drives everything with.
 * A plain Fastify app (no plugins, no logging) whose one route, POST /verify, runs the server's own
 * verifyPassword() against a hash made at start-up by the server's own hashPassword() (its ARGON2_PARAMS), so
 * each request costs exactly one verify with the parameters the seeded accounts' hashes carry. The JSON
 * body is parsed (the bench sends it the sign-in bodies) but not used. Run as a child by argon2-verify-server.ts.
 */
import Fastify from 'fastify';
import { hashPassword, verifyPassword } from '../../../server/src/platform/crypto/passwords';

const password = process.env.BENCH_ARGON2_PASSWORD;
if (!password) throw new Error('BENCH_ARGON2_PASSWORD is required');
const passwordHash = await hashPassword(password);

const app = Fastify({ logger: false });
app.post('/verify', async (_request, reply) => {
  const matches = await verifyPassword(passwordHash, password);
  // A verify that fails is not the work being measured: answer non-2xx so the bench stops.
  if (!matches) return reply.code(500).send({ Code: 1, Message: 'verify failed', Response: false });
  return { Code: 0, Message: '成功', Response: true };
});
app.get('/readyz', async () => ({ status: 'ok', checks: {} }));

process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
