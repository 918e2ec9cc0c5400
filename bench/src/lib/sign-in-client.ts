import { envelopeSchema, type LoginResult, loginResultSchema, publicKeySchema } from '@uniwim/contracts';
import { oaepEncrypt } from '../../../server/src/platform/crypto/rsa';
import { ScenarioFailure } from '../scenario';

/**
 * The seeded demo accounts (server/seed/demo.json). None has a password of its own, so all of them sign
 * in with SEED_ADMIN_PASSWORD, which startPlatformServer() sets to BENCH_ADMIN_PASSWORD.
 */
export const DEMO_USERNAMES = ['water.op', 'water.admin', 'energy.staff', 'energy.admin', 'admin'] as const;

export const LOGIN_PATH = '/dmp/login';

/**
 * A distinct client address for the n-th request (10.0.0.0/8 has 16.7 million), so the server's per-address
 * sign-in rate limit (60 per minute) and lock-out counters never see the same address twice within a run.
 * The server must run with TRUST_PROXY=true to take it from X-Forwarded-For.
 */
export const clientAddress = (n: number): string => `10.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;

/** The RSA public key the sign-in page encrypts with (GET /ump/key), checked against the contract. */
export const fetchPublicKey = async (serverUrl: string): Promise<string> => {
  const response = await fetch(`${serverUrl}/ump/key`);
  const parsed = envelopeSchema(publicKeySchema).safeParse(await response.json());
  if (response.status !== 200 || !parsed.success)
    throw new ScenarioFailure(`GET ${serverUrl}/ump/key did not answer the public key (${response.status})`);
  return parsed.data.Response.publicKey;
};

/**
 * The JSON body of POST /dmp/login as the sign-in page sends it: {data: base64 of the UTF-8 JSON
 * {username, password}}, password being base64 RSA-OAEP (SHA-256) ciphertext. OAEP is randomised, so
 * every call gives a different body for the same credentials.
 */
export const loginBody = (publicKeyPem: string, username: string, password: string): string => {
  const data = Buffer.from(
    JSON.stringify({ username, password: oaepEncrypt(publicKeyPem, password) }),
    'utf8',
  ).toString('base64');
  return JSON.stringify({ data });
};

/**
 * Signs in once with a prepared body and fails the scenario unless it answers 200 with a full
 * sign-in: the contract's envelope, Code 0, a token, no second factor pending.
 */
export const signIn = async (serverUrl: string, body: string, address: string): Promise<LoginResult> => {
  const response = await fetch(`${serverUrl}${LOGIN_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body,
  });
  const text = await response.text();
  const fail = (problem: string): never => {
    throw new ScenarioFailure(`POST ${serverUrl}${LOGIN_PATH} ${problem}. Body: ${text.slice(0, 300)}`);
  };
  if (response.status !== 200) fail(`answered ${response.status}, expected 200`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    fail('did not answer JSON');
  }
  const parsed = envelopeSchema(loginResultSchema).safeParse(json);
  if (!parsed.success)
    return fail(`did not answer the sign-in envelope (${parsed.error.message.slice(0, 300)})`);
  const result = parsed.data.Response;
  if (parsed.data.Code !== 0) fail(`answered Code ${parsed.data.Code}`);
  if (result.twoFactorAuth || result.token === '')
    fail('asked for a second factor instead of issuing a token');
  return result;
};
