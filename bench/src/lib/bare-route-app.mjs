/**
 * The baseline: a plain Fastify app (the server workspace's copy) with one GET route answering a small
 * JSON envelope. No plugins, no validation, no logging. Run as a child process by bare-route-server.ts.
 * Plain JavaScript, so that it starts with plain node, as the compiled server does.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ Code: 0, Message: '成功', Response: 'pong' }));
app.get('/readyz', async () => ({ status: 'ok', checks: {} }));

process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
