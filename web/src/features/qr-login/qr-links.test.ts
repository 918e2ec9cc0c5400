import { describe, expect, it } from 'vitest';
import { isQrUid, mobileConfirmUrl, qrSocketUrl, uidFromScannedText } from './qr-links';

const UID = 'Zm9vYmFyYmF6cXV4LXF1dXgtY29yZ2VfZ3JhdWx0MTI';

describe('qrSocketUrl', () => {
  it('uses ws for http pages and wss for https ones, on the same host', () => {
    expect(qrSocketUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe(
      'ws://localhost:3000/ump/qrcodeLogin',
    );
    expect(qrSocketUrl({ protocol: 'https:', host: 'water.example.com' })).toBe(
      'wss://water.example.com/ump/qrcodeLogin',
    );
  });

  it('passes the tenant code of the page', () => {
    expect(qrSocketUrl({ protocol: 'http:', host: 'h' }, 'water')).toBe(
      'ws://h/ump/qrcodeLogin?tenant=water',
    );
    expect(qrSocketUrl({ protocol: 'http:', host: 'h' }, 'a b&c')).toBe(
      'ws://h/ump/qrcodeLogin?tenant=a%20b%26c',
    );
  });
});

describe('mobileConfirmUrl and uidFromScannedText', () => {
  it('encodes the mobile confirm route with the uid', () => {
    expect(mobileConfirmUrl('https://x.test', UID)).toBe(`https://x.test/mobile/index.html#/qr?uid=${UID}`);
  });

  it('reads the uid back from the confirm link, a relative link, a query string or a bare uid', () => {
    expect(uidFromScannedText(mobileConfirmUrl('http://localhost:4599', UID))).toBe(UID);
    expect(uidFromScannedText(`  /mobile/index.html#/qr?uid=${UID}\n`)).toBe(UID);
    expect(uidFromScannedText(`https://x.test/mobile/index.html?uid=${UID}`)).toBe(UID);
    expect(uidFromScannedText(UID)).toBe(UID);
  });

  it('finds nothing in other texts', () => {
    expect(uidFromScannedText('')).toBeNull();
    expect(uidFromScannedText('hello')).toBeNull();
    expect(uidFromScannedText('https://x.test/mobile/index.html#/qr')).toBeNull();
    expect(uidFromScannedText('https://x.test/#/qr?uid=short')).toBeNull();
    expect(uidFromScannedText('https://x.test/#/qr?uid=has%20space%20in%20it%20....')).toBeNull();
  });

  it('accepts the server code format only', () => {
    expect(isQrUid(UID)).toBe(true);
    expect(isQrUid('a'.repeat(15))).toBe(false);
    expect(isQrUid('a'.repeat(101))).toBe(false);
    expect(isQrUid(`${'a'.repeat(20)}/`)).toBe(false);
  });
});
