/** Reads the text of a QR code in the current video frame, or null when it sees none. */
export interface QrFrameReader {
  read(video: HTMLVideoElement): Promise<string | null>;
}

/** The Barcode Detection API (not in TypeScript's DOM types yet). */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

/** The browser's own detector where it has one that reads QR codes; null otherwise. */
export const barcodeDetectorReader = async (scope: object = globalThis): Promise<QrFrameReader | null> => {
  const Detector = (scope as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (typeof Detector !== 'function') return null;
  try {
    const formats = await Detector.getSupportedFormats?.();
    if (formats && !formats.includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return { read: async (video) => (await detector.detect(video))[0]?.rawValue ?? null };
  } catch {
    return null;
  }
};

/** Scales a frame down so its longer side is at most `longest` pixels (decoding cost grows with the area). */
export const frameSize = (
  width: number,
  height: number,
  longest = 640,
): { width: number; height: number } => {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(1, longest / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
};

/** The JavaScript decoder on canvas frames; its code (jsQR) loads only when this runs. */
export const jsQrReader = async (): Promise<QrFrameReader> => {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return {
    read: async (video) => {
      const { width, height } = frameSize(video.videoWidth, video.videoHeight);
      if (!context || width === 0) return null;
      canvas.width = width;
      canvas.height = height;
      context.drawImage(video, 0, 0, width, height);
      const image = context.getImageData(0, 0, width, height);
      return jsQR(image.data, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
    },
  };
};

/** BarcodeDetector where the browser has it, the lazily loaded JavaScript decoder otherwise. */
export const chooseQrFrameReader = async (
  options: { detector?: () => Promise<QrFrameReader | null>; fallback?: () => Promise<QrFrameReader> } = {},
): Promise<QrFrameReader> => {
  const { detector = barcodeDetectorReader, fallback = jsQrReader } = options;
  return (await detector()) ?? fallback();
};
