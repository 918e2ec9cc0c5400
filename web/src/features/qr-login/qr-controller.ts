import type { LoginResult } from '@uniwim/contracts/client';
import {
  QR_COMPLETION_DELAY_MS,
  QR_FLAGS_RESET_MS,
  QR_LOADING_CLEAR_MS,
  QR_POLL_INTERVAL_MS,
  QR_SOCKET_START_DELAY_MS,
} from './qr-constants';
import { interpretPollAnswer, parseQrSocketMessage } from './qr-messages';
import { initialQrPanelState, type QrPanelEvent, type QrPanelState, reduceQrPanel } from './qr-state';

/** The part of WebSocket the controller uses; unit tests pass a fake. */
export interface QrSocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  close(code?: number, reason?: string): void;
}

/** setTimeout and clearTimeout; unit tests pass a fake clock. */
export interface QrTimers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface QrLoginControllerDependencies {
  /** Opens the panel's socket; null where the browser has no WebSocket (then nothing happens). */
  openSocket: (() => QrSocketLike) | null;
  /** GET /ump/scanQrcodeInterface?uuid=: the whole JSON answer. A rejection is ignored. */
  poll: (uid: string) => Promise<unknown>;
  timers: QrTimers;
  onState: (state: QrPanelState) => void;
  /** The sign-in answer; a rejection shows the error state (the user may refresh and scan again). */
  onSignedIn: (result: LoginResult) => void | Promise<void>;
}

export interface QrLoginController {
  start(): void;
  /** Spec section 4: closes the old socket and poll timer, clears the flags, reconnects about 0.5 s later. */
  refresh(): void;
  /** Leaving the panel: closes the socket and every timer. */
  dispose(): void;
  readonly state: QrPanelState;
}

const WS_CONNECTING = 0;

/**
 * The QR panel's socket and polling life (spec sections 4 and 8): wait 500 ms, open the socket, show
 * its uid, poll every 2.5 s while it is shown, "scanned" marks the scan, "token" signs in 1.5 s later
 * (a successful poll at once), anything unexpected shows the error state.
 */
export const createQrLoginController = (deps: QrLoginControllerDependencies): QrLoginController => {
  const { timers } = deps;
  let state = initialQrPanelState;
  let socket: QrSocketLike | null = null;
  /** Bumped by every refresh and failure: answers of an older code are ignored. */
  let generation = 0;
  let completed = false;
  let disposed = false;
  const pending = {
    connect: null as unknown,
    poll: null as unknown,
    completion: null as unknown,
    flags: null as unknown,
    loading: null as unknown,
  };
  type TimerName = keyof typeof pending;

  const dispatch = (event: QrPanelEvent) => {
    if (disposed) return;
    state = reduceQrPanel(state, event);
    deps.onState(state);
  };

  const cancel = (...names: TimerName[]) => {
    for (const name of names) {
      if (pending[name] !== null) timers.clear(pending[name]);
      pending[name] = null;
    }
  };

  const later = (name: TimerName, ms: number, callback: () => void) => {
    cancel(name);
    pending[name] = timers.set(() => {
      pending[name] = null;
      callback();
    }, ms);
  };

  /** Closes the socket without hearing from it again. */
  const closeSocket = () => {
    const old = socket;
    socket = null;
    if (!old) return;
    old.onmessage = null;
    old.onerror = null;
    old.onclose = null;
    // Closing a socket that is still connecting makes the browser log an error: close it once open.
    if (old.readyState === WS_CONNECTING) old.onopen = () => old.close();
    else old.close();
  };

  const fail = () => {
    if (completed || disposed) return;
    generation += 1;
    cancel('connect', 'poll', 'completion');
    closeSocket();
    dispatch({ type: 'failed' });
  };

  const complete = (result: LoginResult) => {
    if (completed || disposed) return;
    completed = true;
    cancel('connect', 'poll', 'completion');
    closeSocket();
    dispatch({ type: 'token' });
    Promise.resolve()
      .then(() => deps.onSignedIn(result))
      .catch(() => {
        completed = false;
        fail();
      });
  };

  const schedulePoll = (code: number, uid: string) => {
    later('poll', QR_POLL_INTERVAL_MS, () => {
      const current = () => code === generation && !completed && !disposed;
      deps.poll(uid).then(
        (answer) => {
          if (!current()) return;
          const result = interpretPollAnswer(answer);
          if (result.kind === 'signedIn') return complete(result.result);
          if (result.kind === 'ended') return fail();
          if (result.kind === 'scanned' && !state.scanned) dispatch({ type: 'scanned' });
          schedulePoll(code, uid);
        },
        () => {
          // Spec section 8: a failed polling call is ignored.
          if (current()) schedulePoll(code, uid);
        },
      );
    });
  };

  const connect = (code: number) => {
    if (code !== generation || disposed || completed || !deps.openSocket) return;
    let opened: QrSocketLike;
    try {
      opened = deps.openSocket();
    } catch {
      fail();
      return;
    }
    socket = opened;
    let shown = false;
    let tokenReceived = false;
    const mine = () => socket === opened && !tokenReceived;

    opened.onmessage = (event) => {
      if (!mine()) return;
      const message = parseQrSocketMessage(event.data);
      switch (message.type) {
        case 'uid':
          shown = true;
          dispatch({ type: 'uid', uid: message.uid });
          schedulePoll(code, message.uid);
          return;
        case 'scanned':
          dispatch({ type: 'scanned' });
          return;
        case 'token':
          tokenReceived = true;
          cancel('poll');
          dispatch({ type: 'token' });
          later('completion', QR_COMPLETION_DELAY_MS, () => complete(message.result));
          return;
        case 'ended':
        case 'invalid':
          fail();
          return;
        case 'ignored':
          return;
      }
    };
    opened.onerror = () => {
      if (mine()) fail();
    };
    opened.onclose = () => {
      if (socket !== opened) return;
      socket = null;
      later('loading', QR_LOADING_CLEAR_MS, () => dispatch({ type: 'loadingCleared' }));
      // Closed before showing a code: there is nothing to poll for. After one, polling carries on.
      if (!shown && !tokenReceived) fail();
    };
  };

  return {
    get state() {
      return state;
    },
    start: () => {
      if (!deps.openSocket || disposed) return;
      dispatch({ type: 'connecting' });
      const code = generation;
      later('connect', QR_SOCKET_START_DELAY_MS, () => connect(code));
    },
    refresh: () => {
      if (!deps.openSocket || disposed || completed) return;
      generation += 1;
      cancel('connect', 'poll', 'completion', 'loading');
      closeSocket();
      dispatch({ type: 'refreshing' });
      later('flags', QR_FLAGS_RESET_MS, () => dispatch({ type: 'flagsReset' }));
      const code = generation;
      later('connect', QR_SOCKET_START_DELAY_MS, () => connect(code));
    },
    dispose: () => {
      cancel('connect', 'poll', 'completion', 'flags', 'loading');
      closeSocket();
      disposed = true;
    },
  };
};
