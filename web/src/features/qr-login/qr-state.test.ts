import { describe, expect, it } from 'vitest';
import {
  initialQrPanelState,
  offersHoverRefresh,
  type QrPanelEvent,
  type QrPanelState,
  qrPanelView,
  reduceQrPanel,
} from './qr-state';

const run = (...events: QrPanelEvent[]): QrPanelState => events.reduce(reduceQrPanel, initialQrPanelState);

describe('the QR panel state', () => {
  it('goes loading, code shown, scanned, signing in', () => {
    expect(qrPanelView(initialQrPanelState)).toBe('idle');
    expect(qrPanelView(run({ type: 'connecting' }))).toBe('loading');
    const shown = run({ type: 'connecting' }, { type: 'uid', uid: 'u1' });
    expect(shown).toMatchObject({ uid: 'u1', loading: false });
    expect(qrPanelView(shown)).toBe('code');
    expect(offersHoverRefresh(shown)).toBe(true);
    const scanned = reduceQrPanel(shown, { type: 'scanned' });
    expect(qrPanelView(scanned)).toBe('scanned');
    expect(offersHoverRefresh(scanned)).toBe(false);
    const signingIn = reduceQrPanel(scanned, { type: 'token' });
    expect(qrPanelView(signingIn)).toBe('signingIn');
    expect(offersHoverRefresh(signingIn)).toBe(false);
  });

  it('shows the error state over everything and offers no hover refresh there', () => {
    const failed = run(
      { type: 'connecting' },
      { type: 'uid', uid: 'u1' },
      { type: 'scanned' },
      { type: 'failed' },
    );
    expect(qrPanelView(failed)).toBe('error');
    expect(failed.loading).toBe(false);
    expect(offersHoverRefresh(failed)).toBe(false);
    // A late message of the failed code changes nothing.
    expect(reduceQrPanel(failed, { type: 'token' })).toBe(failed);
  });

  it('a refresh drops the code at once and the flags 100 ms later', () => {
    const failed = run({ type: 'uid', uid: 'u1' }, { type: 'scanned' }, { type: 'failed' });
    const refreshing = reduceQrPanel(failed, { type: 'refreshing' });
    expect(refreshing).toMatchObject({ uid: null, loading: true, failed: true, scanned: true });
    const reset = reduceQrPanel(refreshing, { type: 'flagsReset' });
    expect(reset).toEqual({ uid: null, loading: true, scanned: false, failed: false, signingIn: false });
    expect(qrPanelView(reset)).toBe('loading');
    expect(qrPanelView(reduceQrPanel(reset, { type: 'uid', uid: 'u2' }))).toBe('code');
  });

  it('clears the loading indicator after the socket closed', () => {
    expect(run({ type: 'connecting' }, { type: 'loadingCleared' }).loading).toBe(false);
  });
});
