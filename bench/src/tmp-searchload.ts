import { closedLoop } from './lib/closed-loop';
import { clientAddress, fetchPublicKey, loginBody, signIn } from './lib/sign-in-client';
const url = 'http://127.0.0.1:4788';
const login = await signIn(url, loginBody(await fetchPublicKey(url), 'water.admin', 'bench-Admin-Passw0rd'), clientAddress(5));
const headers = { authorization: `Bearer ${login.token}` };
for (const q of (process.argv[2] ?? '水,管网,pump').split(',')) {
  const r = await closedLoop({ url: `${url}/ump/search?q=${encodeURIComponent(q)}`, headers, clients: 10, seconds: Number(process.env.SECS ?? 5), check: () => {}, quickCheck: () => {} });
  console.log(q, r.requestsPerSecond.toFixed(0), 'rps p95', r.p95Ms.toFixed(1));
}
