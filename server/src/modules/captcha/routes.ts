import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type RateLimiter,
  rateLimitedError,
  rateLimitSubject,
  retryAfterSecondsOf,
} from '../../platform/rate-limit';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH } from './render';
import { CAPTCHA_TIME_ID, type CaptchaService } from './service';

/**
 * Images per client address per minute. A sign-in page asks for one image on load and one per
 * click or failed attempt, so a person stays far below 60; the margin is for offices where many
 * people share one NAT address at the start of the day. It also bounds how many answers one
 * address can keep in the Store (at most 120 live, each expiring after 2 minutes).
 */
export const CAPTCHA_RATE_LIMIT = { limit: 60, windowMs: 60_000 } as const;

/** Typed as the Buffer the handler sends; documented as OpenAPI's binary string. */
const pngBody = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ type: 'string', format: 'binary' });

export interface CaptchaRouteDeps {
  captcha: CaptchaService;
  rateLimiter: RateLimiter;
  /** Overrides CAPTCHA_RATE_LIMIT (tests). */
  rateLimit?: { limit: number; windowMs: number };
}

export const captchaRoutes =
  ({ captcha, rateLimiter, rateLimit = CAPTCHA_RATE_LIMIT }: CaptchaRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/uniwim/ump/loginCode.png',
      {
        schema: {
          tags: ['auth'],
          summary: 'Captcha image for the sign-in form',
          description:
            `A ${CAPTCHA_WIDTH}x${CAPTCHA_HEIGHT} PNG showing 4 characters. \`time\` is the page's id ` +
            '(millisecond timestamp followed by a 4-digit random); the answer is bound to it, valid for ' +
            '2 minutes, single use, compared ignoring case. Asking again with the same id replaces the ' +
            `answer. Limited to ${rateLimit.limit} images per client address per ` +
            `${rateLimit.windowMs / 1000} s; beyond that 429 with a Retry-After header.`,
          querystring: z.object({
            time: z.string().regex(CAPTCHA_TIME_ID, 'time must be 6 to 32 digits'),
          }),
          response: {
            200: {
              description: 'The captcha image',
              content: { 'image/png': { schema: pngBody } },
            },
          },
          errors: ['RATE_LIMITED'],
        },
      },
      async (request, reply) => {
        const { limit, windowMs } = rateLimit;
        const decision = await rateLimiter.consume(
          `captcha:${rateLimitSubject(request.ip)}`,
          limit,
          windowMs,
        );
        if (!decision.allowed) {
          // The error handler keeps headers set before the throw, so the 429 carries Retry-After.
          reply.header('retry-after', String(retryAfterSecondsOf(decision)));
          throw rateLimitedError(decision);
        }
        const png = await captcha.issue(request.query.time);
        return reply.type('image/png').header('cache-control', 'no-store').send(png);
      },
    );
  };
