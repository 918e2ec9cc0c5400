/** The life of a QR sign-in: shown on a PC, scanned and confirmed by a signed-in phone, used once. */
export type QrState = 'pending' | 'scanned' | 'confirmed' | 'cancelled' | 'used';

export interface QrSession {
  state: QrState;
  /** Tenant of the sign-in page that shows the code (null: platform page). */
  tenantId: string | null;
  /** The PC: shown on the phone's confirm screen so the user knows what they sign in. */
  device: string;
  ip: string;
  createdAt: number;
  /** The phone's account, from the scan on. */
  accountId?: string;
}

export const QR_TTL_MS = 2 * 60_000;
export const qrKey = (uid: string) => `qr:${uid}`;
export const qrChannel = (uid: string) => `qr-events:${uid}`;

/** What the PC's socket receives (spec: uid then token; scanned and expiry as well). */
export type QrEvent = 'scanned' | 'confirmed' | 'cancelled';

export const parseQrSession = (raw: string | null): QrSession | null => {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as QrSession;
  } catch {
    return null;
  }
};

/** A short, readable description of the PC's browser for the confirm screen. */
export const describeDevice = (userAgent: string | null | undefined): string => {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Chrome\//.test(ua)
      ? 'Chrome'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Safari\//.test(ua)
          ? 'Safari'
          : '浏览器';
  const system = /Windows/.test(ua)
    ? 'Windows'
    : /Mac OS X/.test(ua)
      ? 'macOS'
      : /Android/.test(ua)
        ? 'Android'
        : /iPhone|iPad/.test(ua)
          ? 'iOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return system ? `${system} · ${browser}` : browser;
};
