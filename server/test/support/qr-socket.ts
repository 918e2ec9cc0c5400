import WebSocket from 'ws';
import type { TestApp } from './test-app';

export interface QrMessage {
  type: string;
  data: unknown;
}

const listening = new WeakMap<TestApp, Promise<number>>();

/** WebSockets need a real connection: the app listens on a free loopback port, once. */
const portOf = (app: TestApp): Promise<number> => {
  let port = listening.get(app);
  if (!port) {
    port = app.server
      .listen({ port: 0, host: '127.0.0.1' })
      .then(() => (app.server.server.address() as { port: number }).port);
    listening.set(app, port);
  }
  return port;
};

/** The PC's side of QR sign-in: a socket whose messages can be awaited in order. */
export const openQrSocket = async (app: TestApp, query = '') => {
  const socket = new WebSocket(`ws://127.0.0.1:${await portOf(app)}/ump/qrcodeLogin${query}`);
  const received: QrMessage[] = [];
  const waiters: { type: string; resolve: (m: QrMessage) => void }[] = [];
  let closeCode: number | null = null;
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as QrMessage;
    received.push(message);
    for (const waiter of waiters.filter((w) => w.type === message.type)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(message);
    }
  });
  socket.on('close', (code) => {
    closeCode = code;
  });
  const next = (type: string, timeoutMs = 5000) =>
    new Promise<QrMessage>((resolve, reject) => {
      const seen = received.find((m) => m.type === type);
      if (seen) return resolve(seen);
      const timer = setTimeout(
        () => reject(new Error(`no "${type}" message within ${timeoutMs} ms`)),
        timeoutMs,
      );
      waiters.push({
        type,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const uid = (await next('uid')).data as string;
  return { socket, uid, received, next, closeCode: () => closeCode, close: () => socket.terminate() };
};
