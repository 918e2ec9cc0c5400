import type { FastifyRequest } from 'fastify';

/** Who is asking, as sign-in records it in the login log and counts it for lock-out. */
export interface RequestContext {
  ip: string;
  userAgent: string | null;
  host: string | undefined;
  channel: string;
}

export const requestContext = (request: FastifyRequest): RequestContext => {
  const channel = request.headers.from_channel;
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    host: request.headers.host,
    channel: typeof channel === 'string' && /^[a-z]{1,20}$/i.test(channel) ? channel.toLowerCase() : 'web',
  };
};

/** 13800000000 -> 138****0000: enough for the user to recognise, not enough to harvest. */
export const maskMobile = (mobile: string | null): string =>
  mobile && mobile.length >= 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : '';
