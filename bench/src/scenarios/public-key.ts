import { envelopeSchema, publicKeySchema } from '@uniwim/contracts';
import { compareWithBareRoute } from '../lib/compare-with-bare-route';
import type { Scenario } from '../scenario';

export const publicKeyScenario: Scenario = {
  name: 'public-key',
  description: "GET /ump/key beside the bare Fastify route; budget ≥ 50% of the bare route's req/s",
  run: () =>
    compareWithBareRoute({
      label: 'GET /ump/key',
      path: '/ump/key',
      body: envelopeSchema(publicKeySchema),
      minRatio: 0.5,
    }),
};
