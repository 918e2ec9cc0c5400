/**
 * The QR panel's state (spec section 4, "QR login": loading, code shown, scan succeeded, login; an
 * error state on failure), as a pure reducer. The controller (qr-controller.ts) feeds it.
 */
export interface QrPanelState {
  /** The code shown; null while loading and after a refresh. */
  uid: string | null;
  /** The loading indicator. */
  loading: boolean;
  /** A phone scanned the code: "扫码成功！". */
  scanned: boolean;
  /** The error state: "二维码获取失败" with a click-to-refresh link. */
  failed: boolean;
  /** The sign-in answer arrived; the page is about to be left. */
  signingIn: boolean;
}

export const initialQrPanelState: QrPanelState = {
  uid: null,
  loading: false,
  scanned: false,
  failed: false,
  signingIn: false,
};

export type QrPanelEvent =
  /** The panel started: the socket opens shortly. */
  | { type: 'connecting' }
  | { type: 'uid'; uid: string }
  | { type: 'scanned' }
  | { type: 'token' }
  | { type: 'failed' }
  /** A refresh: the code goes, loading starts; the flags stay until flagsReset (100 ms later). */
  | { type: 'refreshing' }
  | { type: 'flagsReset' }
  /** 300 ms after the socket closed. */
  | { type: 'loadingCleared' };

export const reduceQrPanel = (state: QrPanelState, event: QrPanelEvent): QrPanelState => {
  switch (event.type) {
    case 'connecting':
      return { ...state, loading: true };
    case 'uid':
      return { ...state, uid: event.uid, loading: false, failed: false, scanned: false, signingIn: false };
    case 'scanned':
      return state.failed ? state : { ...state, scanned: true };
    case 'token':
      return state.failed ? state : { ...state, signingIn: true, loading: false };
    case 'failed':
      return { ...state, failed: true, loading: false, signingIn: false };
    case 'refreshing':
      return { ...state, uid: null, loading: true, signingIn: false };
    case 'flagsReset':
      return { ...state, scanned: false, failed: false };
    case 'loadingCleared':
      return { ...state, loading: false };
  }
};

/** What the panel shows, most important first. */
export type QrPanelView = 'idle' | 'loading' | 'code' | 'scanned' | 'signingIn' | 'error';

export const qrPanelView = (state: QrPanelState): QrPanelView => {
  if (state.failed) return 'error';
  if (state.signingIn) return 'signingIn';
  if (state.scanned) return 'scanned';
  if (state.uid !== null) return 'code';
  return state.loading ? 'loading' : 'idle';
};

/** Spec section 2: hovering offers a refresh, unless an error is shown or scanning has succeeded. */
export const offersHoverRefresh = (state: QrPanelState): boolean =>
  !state.failed && !state.scanned && !state.signingIn;
