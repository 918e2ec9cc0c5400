import type { FastifyServerOptions } from 'fastify';

/** Query parameters that carry credentials: never logged in clear. */
const SECRET_QUERY_PARAMS = [
  'token',
  'uniwater_utoken',
  'access_token',
  'refreshToken',
  'code',
  'uuid',
  'client_secret',
];

export const redactUrl = (url: string): string => {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  let changed = false;
  for (const name of SECRET_QUERY_PARAMS) {
    if (params.has(name)) {
      params.set(name, '[Redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, queryStart)}?${params.toString()}` : url;
};

/** Paths pino blanks out wherever they appear in a log object. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.pwd',
  '*.opwd',
  '*.npwd',
  '*.rpwd',
  '*.token',
  '*.refreshToken',
  '*.accessToken',
  '*.code',
  '*.vali',
  '*.passwordHash',
  '*.privateKey',
  // API credentials: secrets shown once, and the OAuth token endpoint's parameters and answer.
  '*.clientSecret',
  '*.client_secret',
  '*.access_token',
  '*.secretHash',
];

export const loggerOptions = (level: string): FastifyServerOptions['logger'] => ({
  level,
  redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
  serializers: {
    req: (req: { method: string; url: string; ip?: string; headers?: Record<string, unknown> }) => ({
      method: req.method,
      url: redactUrl(req.url),
      ip: req.ip,
      userAgent: req.headers?.['user-agent'],
    }),
  },
});
