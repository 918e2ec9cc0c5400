import { type BrowserContextOptions, devices, expect, type Locator } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** Reads the QR code an image shows, the way a phone would: from its pixels on screen. */
export const readQrImage = async (image: Locator): Promise<string> => {
  await expect(image).toBeVisible();
  // A pointer over the code would show the click-to-refresh cover on top of it.
  await image.page().mouse.move(0, 0);
  const png = PNG.sync.read(await image.screenshot());
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!code) throw new Error('The QR image could not be decoded');
  return code.data;
};

/** The uid of a mobile confirm link (…/mobile/index.html#/qr?uid=…). */
export const uidOfConfirmLink = (link: string): string => {
  const hash = new URL(link).hash;
  const uid = new URLSearchParams(hash.slice(hash.indexOf('?') + 1)).get('uid');
  if (!uid) throw new Error(`No uid in ${link}`);
  return uid;
};

const { defaultBrowserType: _browserType, ...pixel7 } = devices['Pixel 7'];

/** A phone: Pixel 7 screen, touch and user agent, in the project's Chromium (the launch options stay). */
export const phoneContextOptions: BrowserContextOptions = { ...pixel7, locale: 'zh-CN' };

/**
 * A one-frame Y4M video of the picture (a PNG) centred on white, for Chromium's fake camera
 * (--use-file-for-fake-video-capture): the phone's camera then "sees" the picture. Grey only.
 */
export const y4mOfPicture = (picture: Buffer, width = 640, height = 480, scale = 2): Buffer => {
  const png = PNG.sync.read(picture);
  const luma = Buffer.alloc(width * height, 255);
  const left = Math.floor((width - png.width * scale) / 2);
  const top = Math.floor((height - png.height * scale) / 2);
  for (let y = 0; y < png.height * scale; y += 1)
    for (let x = 0; x < png.width * scale; x += 1) {
      const source = (Math.floor(y / scale) * png.width + Math.floor(x / scale)) * 4;
      const [r = 255, g = 255, b = 255] = png.data.subarray(source, source + 3);
      const target = (top + y) * width + left + x;
      if (target >= 0 && target < luma.length) luma[target] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
    }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  return Buffer.concat([
    Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1\nFRAME\n`, 'ascii'),
    luma,
    chroma,
  ]);
};
