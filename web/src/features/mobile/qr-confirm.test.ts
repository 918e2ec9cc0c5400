import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '../../lib/api';
import { createFakeServer, failure, ok } from '../../lib/test-doubles';
import { cancelQrCode, clockTime, confirmQrCode, qrFailureMessage, scanQrCode } from './qr-confirm';

const info = {
  device: 'Windows · Chrome',
  ip: '10.0.0.8',
  tenantId: 't-water',
  tenantName: '示范水务集团',
  expiresAt: '2026-01-01T06:02:00.000Z',
};

describe('the phone side of QR sign-in', () => {
  it('scans, confirms and cancels with the uid, as the signed-in user', async () => {
    const server = createFakeServer({
      'POST /ump/qrcode/scan': ok(info),
      'POST /ump/qrcode/confirm': ok(null),
      'POST /ump/qrcode/cancel': ok(null),
    });
    const client = createApiClient({ fetch: server.fetch, getToken: () => 'phone-token' });
    await expect(scanQrCode(client, 'uid-1')).resolves.toEqual(info);
    await confirmQrCode(client, 'uid-1');
    await cancelQrCode(client, 'uid-1');
    expect(server.requests.map((r) => [r.url, r.body, r.headers.Authorization])).toEqual([
      ['/ump/qrcode/scan', { uid: 'uid-1' }, 'Bearer phone-token'],
      ['/ump/qrcode/confirm', { uid: 'uid-1' }, 'Bearer phone-token'],
      ['/ump/qrcode/cancel', { uid: 'uid-1' }, 'Bearer phone-token'],
    ]);
  });

  it('shows the server’s reason for a refusal', async () => {
    const server = createFakeServer({
      'POST /ump/qrcode/scan': failure(42207, '二维码已失效，请刷新后重试', 422, 'QR_INVALID'),
      'POST /ump/qrcode/confirm': failure(40304, '该账号不属于此租户', 403, 'NOT_A_MEMBER'),
    });
    const client = createApiClient({ fetch: server.fetch });
    const scanError = await scanQrCode(client, 'uid-1').catch((error: unknown) => error);
    expect(qrFailureMessage(scanError, 'fallback')).toBe('二维码已失效，请刷新后重试');
    const confirmError = await confirmQrCode(client, 'uid-1').catch((error: unknown) => error);
    expect(qrFailureMessage(confirmError, 'fallback')).toBe('该账号不属于此租户');
    expect(qrFailureMessage(new ApiError(-2, 'garbled', 200), 'fallback')).toBe('fallback');
    expect(qrFailureMessage(new Error('x'), 'fallback')).toBe('fallback');
  });

  it('formats the expiry as a clock time', () => {
    // The reader's zone (Asia/Shanghai until the server names another), not the phone's.
    expect(clockTime('2026-01-01T06:02:03.000Z')).toBe('14:02:03');
    expect(clockTime('not a time')).toBe('');
  });
});
