import { oaepEncrypt } from '../../src/platform/crypto/rsa';
import type { TestApp } from './test-app';

/** Plays the browser's part of the sign-in protocol against the real app. */
export const loginClient = (app: TestApp) => {
  let publicKey: string | undefined;
  const encrypt = async (plain: string) => {
    publicKey ??= (await app.server.inject({ method: 'GET', url: '/ump/key' })).json().Response
      .publicKey as string;
    return oaepEncrypt(publicKey, plain);
  };
  const encode = (document: object) => Buffer.from(JSON.stringify(document), 'utf8').toString('base64');

  return {
    encrypt,
    encode,
    login: async (
      fields: {
        username: string;
        password: string;
        tenantId?: string;
        vali?: string;
        captchaId?: string;
        remember?: boolean;
      },
      headers: Record<string, string> = {},
    ) => {
      const data = encode({ ...fields, password: await encrypt(fields.password) });
      const res = await app.server.inject({ method: 'POST', url: '/dmp/login', payload: { data }, headers });
      return { res, body: res.json() };
    },
    changePassword: async (token: string, opwd: string, npwd: string, rpwd = npwd) => {
      const payload = { opwd: await encrypt(opwd), npwd: await encrypt(npwd), rpwd: await encrypt(rpwd) };
      const res = await app.server.inject({
        method: 'POST',
        url: '/dmp/user/changePwd',
        headers: { authorization: `Bearer ${token}` },
        payload,
      });
      return { res, body: res.json() };
    },
  };
};
