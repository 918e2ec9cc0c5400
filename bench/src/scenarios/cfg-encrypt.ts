import { decodeLoginConfig } from '@uniwim/contracts';
import { compareWithBareRoute } from '../lib/compare-with-bare-route';
import { okEnvelope } from '../lib/response-check';
import type { Scenario } from '../scenario';

/** The answer must be base64 of a valid sign-in configuration (what the sign-in page decodes). */
const encodedLoginConfig = okEnvelope((response) => {
  if (typeof response !== 'string') return 'expected Response to be a base64 string';
  try {
    decodeLoginConfig(response);
    return undefined;
  } catch (error) {
    return `Response does not decode to a sign-in configuration: ${(error as Error).message.slice(0, 200)}`;
  }
});

export const cfgEncryptScenario: Scenario = {
  name: 'cfg-encrypt',
  description:
    "GET /ump/cfg-encrypt?tenant=water beside the bare Fastify route; budget ≥ 50% of the bare route's req/s",
  run: () =>
    compareWithBareRoute({
      label: 'GET /ump/cfg-encrypt?tenant=water',
      path: '/ump/cfg-encrypt?tenant=water',
      body: encodedLoginConfig,
      minRatio: 0.5,
    }),
};
