/**
 * QR sign-in numbers and addresses in one place (spec section 9 "QR size 220; polling 2500 ms; login
 * completion delay 1500 ms; socket start delay 500 ms; flags reset after 100 ms; loading cleared 300 ms
 * after socket close", and section 7 for the calls).
 */

/** Width and height of the QR image, in CSS pixels. */
export const QR_IMAGE_SIZE = 220;
/** How often GET /ump/scanQrcodeInterface is asked while a code is shown. */
export const QR_POLL_INTERVAL_MS = 2500;
/** A "token" socket message completes the sign-in this long after it arrives (a polling result: at once). */
export const QR_COMPLETION_DELAY_MS = 1500;
/** The socket opens this long after the panel starts or is refreshed. */
export const QR_SOCKET_START_DELAY_MS = 500;
/** A refresh clears the scanned and error flags this long after the click. */
export const QR_FLAGS_RESET_MS = 100;
/** The loading indicator is cleared this long after the socket closed. */
export const QR_LOADING_CLEAR_MS = 300;

/** WebSocket on the page's own host: ws for http pages, wss for https ones. */
export const QR_SOCKET_PATH = '/ump/qrcodeLogin';
/** Polling fallback: ?uuid=<uid>. */
export const QR_POLL_PATH = '/ump/scanQrcodeInterface';
/** The mobile page a scanned code opens; the uid travels in its hash route: #/qr?uid=<uid>. */
export const MOBILE_PAGE_PATH = '/mobile/index.html';
export const MOBILE_CONFIRM_ROUTE = '/qr';

/** POST bodies {uid} of the signed-in phone (Authorization: Bearer). */
export const QR_SCAN_PATH = '/ump/qrcode/scan';
export const QR_CONFIRM_PATH = '/ump/qrcode/confirm';
export const QR_CANCEL_PATH = '/ump/qrcode/cancel';
