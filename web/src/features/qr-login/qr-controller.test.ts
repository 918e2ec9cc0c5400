import type { LoginResult } from '@uniwim/contracts/client';
import { describe, expect, it } from 'vitest';
import { createQrLoginController, type QrSocketLike } from './qr-controller';
import type { QrPanelState } from './qr-state';

/** Timers that move only when the test says so. */
const createFakeClock = () => {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    timers: {
      set: (callback: () => void, ms: number) => {
        const id = nextId++;
        timers.set(id, { at: now + ms, callback });
        return id;
      },
      clear: (handle: unknown) => {
        timers.delete(handle as number);
      },
    },
    pendingCount: () => timers.size,
    /** Runs every timer due within ms, in order, letting promise callbacks settle in between. */
    advance: async (ms: number) => {
      const until = now + ms;
      for (;;) {
        await flush();
        const due = [...timers.entries()]
          .filter(([, t]) => t.at <= until)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = until;
      await flush();
    },
  };
};

const flush = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

class FakeSocket implements QrSocketLike {
  readyState = 1;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  closed = false;
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  receive(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) } as MessageEvent);
  }
  serverClose() {
    this.readyState = 3;
    this.onclose?.({} as CloseEvent);
  }
}

const answer: LoginResult = {
  token: 'tok',
  expire: 7200,
  refreshToken: 'ref',
  tenantId: 't-water',
  twoFactorAuth: false,
  mobile: '',
  changePwd: false,
};

type PollReply = unknown | Error;

const setup = (
  options: { noWebSocket?: boolean; onSignedIn?: (result: LoginResult) => Promise<void> } = {},
) => {
  const clock = createFakeClock();
  const sockets: FakeSocket[] = [];
  const polls: string[] = [];
  const pollReplies: PollReply[] = [];
  const states: QrPanelState[] = [];
  const signedIn: LoginResult[] = [];
  const controller = createQrLoginController({
    openSocket: options.noWebSocket
      ? null
      : () => {
          const socket = new FakeSocket();
          sockets.push(socket);
          return socket;
        },
    poll: async (uid) => {
      polls.push(uid);
      const reply = pollReplies.shift() ?? { Code: 0, Success: false, Response: null, state: 'pending' };
      if (reply instanceof Error) throw reply;
      return reply;
    },
    timers: clock.timers,
    onState: (state) => states.push(state),
    onSignedIn: async (result) => {
      signedIn.push(result);
      await options.onSignedIn?.(result);
    },
  });
  const last = () => sockets[sockets.length - 1]!;
  return { clock, sockets, polls, pollReplies, states, signedIn, controller, last };
};

describe('the QR sign-in controller', () => {
  it('opens the socket 500 ms after starting and shows its uid', async () => {
    const t = setup();
    t.controller.start();
    expect(t.controller.state.loading).toBe(true);
    await t.clock.advance(499);
    expect(t.sockets).toHaveLength(0);
    await t.clock.advance(1);
    expect(t.sockets).toHaveLength(1);
    t.last().receive({ type: 'uid', data: 'uid-1' });
    expect(t.controller.state).toMatchObject({ uid: 'uid-1', loading: false, failed: false });
  });

  it('polls every 2500 ms while the code is shown, ignoring failed polls', async () => {
    const t = setup();
    t.controller.start();
    await t.clock.advance(500);
    await t.clock.advance(5000);
    expect(t.polls).toEqual([]);
    t.last().receive({ type: 'uid', data: 'uid-1' });
    t.pollReplies.push(new Error('offline'), { Code: 50000, Message: 'boom', Response: null });
    await t.clock.advance(2499);
    expect(t.polls).toHaveLength(0);
    await t.clock.advance(1);
    expect(t.polls).toEqual(['uid-1']);
    await t.clock.advance(5000);
    expect(t.polls).toEqual(['uid-1', 'uid-1', 'uid-1']);
    expect(t.controller.state.failed).toBe(false);
  });

  it('"scanned" shows the scan, and "token" signs in 1500 ms later', async () => {
    const t = setup();
    t.controller.start();
    await t.clock.advance(500);
    t.last().receive({ type: 'uid', data: 'uid-1' });
    t.last().receive({ type: 'scanned', data: null });
    expect(t.controller.state.scanned).toBe(true);
    t.last().receive({ type: 'token', data: answer });
    t.last().serverClose();
    expect(t.controller.state.signingIn).toBe(true);
    await t.clock.advance(1499);
    expect(t.signedIn).toEqual([]);
    await t.clock.advance(1);
    expect(t.signedIn).toEqual([answer]);
    // Polling stopped with the token: nothing more is asked.
    const polls = t.polls.length;
    await t.clock.advance(10_000);
    expect(t.polls).toHaveLength(polls);
    expect(t.signedIn).toHaveLength(1);
    expect(t.controller.state.failed).toBe(false);
  });

  it('a successful poll signs in at once, once, and closes the socket', async () => {
    const t = setup();
    t.controller.start();
    await t.clock.advance(500);
    t.last().receive({ type: 'uid', data: 'uid-1' });
    t.pollReplies.push({ Code: 0, Success: false, Response: null, state: 'scanned' });
    await t.clock.advance(2500);
    expect(t.controller.state.scanned).toBe(true);
    t.pollReplies.push({ Code: 0, Success: true, Response: answer, state: 'used' });
    await t.clock.advance(2500);
    expect(t.signedIn).toEqual([answer]);
    expect(t.last().closed).toBe(true);
    expect(t.controller.state.signingIn).toBe(true);
    // A late token message of the closed socket is not heard.
    t.last().receive({ type: 'token', data: answer });
    await t.clock.advance(5000);
    expect(t.signedIn).toHaveLength(1);
    expect(t.clock.pendingCount()).toBe(0);
  });

  it.each([
    ['an unparsable message', (s: FakeSocket) => s.receive('not json')],
    ['an "error" message', (s: FakeSocket) => s.receive({ type: 'error', data: '二维码获取失败' })],
    ['an "expired" message', (s: FakeSocket) => s.receive({ type: 'expired', data: null })],
    ['a "cancelled" message', (s: FakeSocket) => s.receive({ type: 'cancelled', data: null })],
    ['a socket error', (s: FakeSocket) => s.onerror?.({} as Event)],
  ])('%s shows the error state and stops polling', async (_name, trigger) => {
    const t = setup();
    t.controller.start();
    await t.clock.advance(500);
    t.last().receive({ type: 'uid', data: 'uid-1' });
    trigger(t.last());
    expect(t.controller.state.failed).toBe(true);
    expect(t.last().closed).toBe(true);
    await t.clock.advance(10_000);
    expect(t.polls).toEqual([]);
  });

  it('a socket closed before sending a code shows the error state; the loading clears 300 ms after', async () => {
    const t = setup();
    t.controller.start();
    await t.clock.advance(500);
    t.last().serverClose();
    expect(t.controller.state).toMatchObject({ failed: true, loading: false });
    expect(t.clock.pendingCount()).toBe(1);
    await t.clock.advance(300);
    expect(t.clock.pendingCount()).toBe(0);
  });

  it('after the code was shown, a closed socket leaves the polling fallback running', async () => {
    const t = setup();
    t.controller.start();
    await t.clock.advance(500);
    t.last().receive({ type: 'uid', data: 'uid-1' });
    t.last().serverClose();
    expect(t.controller.state.failed).toBe(false);
    t.pollReplies.push({ Code: 0, Success: true, Response: answer, state: 'used' });
    await t.clock.advance(2500);
    expect(t.signedIn).toEqual([answer]);
  });

  it('an expired code seen by polling shows the error state', async () => {
    const t = setup();
    t.controller.start();
    await t.clock.advance(500);
    t.last().receive({ type: 'uid', data: 'uid-1' });
    t.pollReplies.push({ Code: 0, Success: false, Response: null, state: 'expired' });
    await t.clock.advance(2500);
    expect(t.controller.state.failed).toBe(true);
  });

  it('refresh closes the old socket and poll, resets the flags after 100 ms, reconnects after 500 ms', async () => {
    const t = setup();
    t.controller.start();
    await t.clock.advance(500);
    const first = t.last();
    first.receive({ type: 'uid', data: 'uid-1' });
    first.receive('garbage');
    expect(t.controller.state.failed).toBe(true);

    t.controller.refresh();
    expect(first.closed).toBe(true);
    expect(t.controller.state).toMatchObject({ uid: null, loading: true, failed: true });
    await t.clock.advance(100);
    expect(t.controller.state).toMatchObject({ failed: false, scanned: false, loading: true });
    await t.clock.advance(399);
    expect(t.sockets).toHaveLength(1);
    await t.clock.advance(1);
    expect(t.sockets).toHaveLength(2);
    t.last().receive({ type: 'uid', data: 'uid-2' });
    expect(t.controller.state).toMatchObject({ uid: 'uid-2', loading: false, failed: false });
    await t.clock.advance(2500);
    expect(t.polls).toEqual(['uid-2']);
  });

  it('refresh while a code is shown ignores the old code’s late poll answer', async () => {
    let release: (value: unknown) => void = () => {};
    const t = setup();
    t.controller.start();
    await t.clock.advance(500);
    t.last().receive({ type: 'uid', data: 'uid-1' });
    t.pollReplies.push(new Promise((resolve) => (release = resolve)));
    // The poll function returns whatever is queued; a pending promise keeps the poll in flight.
    await t.clock.advance(2500);
    t.controller.refresh();
    release({ Code: 0, Success: true, Response: answer, state: 'used' });
    await t.clock.advance(600);
    expect(t.signedIn).toEqual([]);
    expect(t.sockets).toHaveLength(2);
  });

  it('closes a socket still connecting only once it opens (no browser warning)', async () => {
    const t = setup();
    t.controller.start();
    await t.clock.advance(500);
    const connecting = t.last();
    connecting.readyState = 0;
    t.controller.refresh();
    expect(connecting.closed).toBe(false);
    connecting.onopen?.({} as Event);
    expect(connecting.closed).toBe(true);
  });

  it('leaving the panel closes the socket and every timer', async () => {
    const t = setup();
    t.controller.start();
    await t.clock.advance(500);
    t.last().receive({ type: 'uid', data: 'uid-1' });
    t.last().receive({ type: 'scanned' });
    t.controller.dispose();
    expect(t.last().closed).toBe(true);
    expect(t.clock.pendingCount()).toBe(0);
    const states = t.states.length;
    t.last().receive({ type: 'token', data: answer });
    await t.clock.advance(10_000);
    expect(t.states).toHaveLength(states);
    expect(t.signedIn).toEqual([]);
  });

  it('disposing before the socket starts opens none', async () => {
    const t = setup();
    t.controller.start();
    t.controller.dispose();
    await t.clock.advance(1000);
    expect(t.sockets).toHaveLength(0);
  });

  it('does nothing where WebSockets are unsupported', async () => {
    const t = setup({ noWebSocket: true });
    t.controller.start();
    t.controller.refresh();
    await t.clock.advance(10_000);
    expect(t.states).toEqual([]);
    expect(t.polls).toEqual([]);
    expect(t.controller.state.loading).toBe(false);
  });

  it('a failed completion shows the error state, and a refresh starts over', async () => {
    const t = setup({ onSignedIn: () => Promise.reject(new Error('storage full')) });
    t.controller.start();
    await t.clock.advance(500);
    t.last().receive({ type: 'uid', data: 'uid-1' });
    t.last().receive({ type: 'token', data: answer });
    await t.clock.advance(1500);
    expect(t.signedIn).toHaveLength(1);
    expect(t.controller.state.failed).toBe(true);
    t.controller.refresh();
    await t.clock.advance(500);
    expect(t.sockets).toHaveLength(2);
  });
});
