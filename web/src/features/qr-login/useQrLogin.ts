import type { LoginResult } from '@uniwim/contracts/client';
import { useEffect, useRef, useState } from 'react';
import { QR_POLL_PATH } from './qr-constants';
import { createQrLoginController, type QrLoginController } from './qr-controller';
import { qrSocketUrl } from './qr-links';
import { initialQrPanelState, type QrPanelState } from './qr-state';

/** GET /ump/scanQrcodeInterface?uuid=: the whole answer ({Code, Success, Response, state}), unauthenticated. */
export const fetchQrPollAnswer = async (uid: string): Promise<unknown> => {
  const response = await fetch(`${QR_POLL_PATH}?uuid=${encodeURIComponent(uid)}`, {
    headers: { Accept: 'application/json' },
  });
  return response.json();
};

/** The QR panel's state and refresh, for as long as the component is mounted. */
export const useQrLogin = (
  tenant: string | undefined,
  onSignedIn: (result: LoginResult) => void | Promise<void>,
): { state: QrPanelState; refresh: () => void } => {
  const [state, setState] = useState(initialQrPanelState);
  const controller = useRef<QrLoginController | null>(null);
  const signedIn = useRef(onSignedIn);
  useEffect(() => {
    signedIn.current = onSignedIn;
  }, [onSignedIn]);

  useEffect(() => {
    const created = createQrLoginController({
      // Spec section 8: where WebSockets are unsupported, nothing happens.
      openSocket:
        typeof WebSocket === 'undefined' ? null : () => new WebSocket(qrSocketUrl(location, tenant)),
      poll: fetchQrPollAnswer,
      timers: {
        set: (callback, ms) => window.setTimeout(callback, ms),
        clear: (handle) => window.clearTimeout(handle as number),
      },
      onState: setState,
      onSignedIn: (result) => signedIn.current(result),
    });
    controller.current = created;
    setState(created.state);
    created.start();
    return () => {
      created.dispose();
      if (controller.current === created) controller.current = null;
    };
  }, [tenant]);

  return { state, refresh: () => controller.current?.refresh() };
};
