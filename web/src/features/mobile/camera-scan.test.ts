import { describe, expect, it } from 'vitest';
import { barcodeDetectorReader, chooseQrFrameReader, frameSize, type QrFrameReader } from './camera-scan';

const video = {} as HTMLVideoElement;

describe('camera QR reading', () => {
  it('uses the browser’s BarcodeDetector when it reads QR codes', async () => {
    const created: unknown[] = [];
    class BarcodeDetector {
      static getSupportedFormats = async () => ['ean_13', 'qr_code'];
      constructor(options: unknown) {
        created.push(options);
      }
      detect = async () => [{ rawValue: 'https://x.test/mobile/index.html#/qr?uid=abc' }];
    }
    const reader = await barcodeDetectorReader({ BarcodeDetector });
    expect(created).toEqual([{ formats: ['qr_code'] }]);
    expect(await reader?.read(video)).toBe('https://x.test/mobile/index.html#/qr?uid=abc');
  });

  it('has no detector without the API, or when it cannot read QR codes', async () => {
    expect(await barcodeDetectorReader({})).toBeNull();
    class BarcodeDetector {
      static getSupportedFormats = async () => ['ean_13'];
      detect = async () => [];
    }
    expect(await barcodeDetectorReader({ BarcodeDetector })).toBeNull();
  });

  it('falls back to the JavaScript decoder', async () => {
    const fallback: QrFrameReader = { read: async () => 'from jsQR' };
    const native: QrFrameReader = { read: async () => 'native' };
    const chosen = await chooseQrFrameReader({ detector: async () => null, fallback: async () => fallback });
    expect(chosen).toBe(fallback);
    const preferred = await chooseQrFrameReader({
      detector: async () => native,
      fallback: async () => fallback,
    });
    expect(preferred).toBe(native);
  });

  it('scales large frames down', () => {
    expect(frameSize(1920, 1080)).toEqual({ width: 640, height: 360 });
    expect(frameSize(480, 640)).toEqual({ width: 480, height: 640 });
    expect(frameSize(0, 0)).toEqual({ width: 0, height: 0 });
  });
});
