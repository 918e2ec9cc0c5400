import { describe, expect, it } from 'vitest';
import { base64ToUtf8 } from '../../lib/base64';
import { encodeLoginData } from './login-data';

describe('encodeLoginData', () => {
  it('is base64 of the UTF-8 JSON, decodable the way the server decodes it', () => {
    const data = {
      username: '王管理',
      password: 'ciphertext==',
      vali: 'ab12',
      captchaId: '17000000001230421',
      tenantId: 't-water',
      remember: true,
    };
    const encoded = encodeLoginData(data);
    expect(encoded).toMatch(/^[A-Za-z0-9+/]+=*$/);
    // atob + TextDecoder: what a server decoding base64 then UTF-8 sees.
    const bytes = Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0));
    expect(JSON.parse(new TextDecoder().decode(bytes))).toEqual(data);
  });

  it('leaves out absent optional fields', () => {
    const encoded = encodeLoginData({ username: 'admin', password: 'c' });
    expect(JSON.parse(base64ToUtf8(encoded))).toEqual({ username: 'admin', password: 'c' });
  });
});
