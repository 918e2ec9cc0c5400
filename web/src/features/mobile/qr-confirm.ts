import { type ApiClient, ApiError, ClientErrorCodes } from '../../lib/api';
import { formatDateTime } from '../../lib/time-zone';
import { QR_CANCEL_PATH, QR_CONFIRM_PATH, QR_SCAN_PATH } from '../qr-login/qr-constants';

/** POST /ump/qrcode/scan: what the phone is about to sign in. */
export interface QrScanInfo {
  /** The computer's browser and system, e.g. "Windows · Chrome". */
  device: string;
  ip: string;
  tenantId: string | null;
  /** Null: the platform's own sign-in page. */
  tenantName: string | null;
  /** ISO time. */
  expiresAt: string;
}

/** Tells the server this signed-in phone scanned the code: the computer shows "扫码成功！". */
export const scanQrCode = (client: ApiClient, uid: string): Promise<QrScanInfo> =>
  client.post<QrScanInfo>(QR_SCAN_PATH, { uid });

/** Signs the computer in as this phone's user. */
export const confirmQrCode = async (client: ApiClient, uid: string): Promise<void> => {
  await client.post<null>(QR_CONFIRM_PATH, { uid });
};

/** Refuses the computer's sign-in. */
export const cancelQrCode = async (client: ApiClient, uid: string): Promise<void> => {
  await client.post<null>(QR_CANCEL_PATH, { uid });
};

/**
 * The server's message (QR_INVALID "二维码已失效，请刷新后重试", NOT_A_MEMBER, a network failure), or the
 * fallback for answers that say nothing usable.
 */
export const qrFailureMessage = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.code !== ClientErrorCodes.INVALID_RESPONSE && error.message !== ''
    ? error.message
    : fallback;

/** "14:05:09" of an ISO time, in the reader's zone (issue 25); '' when unreadable. */
export const clockTime = (iso: string): string => formatDateTime(iso, 'second').slice(11);
