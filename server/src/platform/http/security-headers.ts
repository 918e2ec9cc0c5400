import type { FastifyInstance } from 'fastify';

/**
 * The pages load only their own scripts, never inline ones: the one exception, login.html's loader,
 * is allowed by its hash on that answer alone (withScriptSources). Styles may be inline (antd
 * generates them at run time, and login.html carries its own CSS and the tenant's sanitised customCss
 * in <style> elements); images may come from the tenant's configured https hosts; frames open tenant
 * applications.
 */
export const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'connect-src': ["'self'", 'ws:', 'wss:'],
  'font-src': ["'self'", 'data:'],
  'frame-src': ["'self'", 'https:', 'http:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'frame-ancestors': ["'self'"],
  'form-action': ["'self'"],
};

/**
 * A policy that also allows the given script sources (hashes of a page's own inline scripts): for the
 * one answer that carries them, in place of the policy every answer gets.
 */
export const withScriptSources = (policy: string, sources: readonly string[]): string =>
  sources.length === 0
    ? policy
    : policy.replace(
        /(^|;\s*)script-src ([^;]*)/,
        (_match, start: string, current: string) => `${start}script-src ${current} ${sources.join(' ')}`,
      );

/** The headers every answer carries, the same set helmet would send with our policy. */
export const securityHeaders = (options: { https: boolean }): Record<string, string> => {
  const policy = Object.entries(CONTENT_SECURITY_POLICY).map(
    ([name, sources]) => `${name} ${sources.join(' ')}`,
  );
  if (options.https) policy.push('upgrade-insecure-requests');
  return {
    'content-security-policy': policy.join('; '),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    // Frames of the shell embed same-origin pages; other origins may not frame us.
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    ...(options.https ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
  };
};

/**
 * Computed once and set on every answer. (@fastify/helmet rebuilt its middleware on every request,
 * which cost more than half of a cached endpoint's throughput; see docs/performance.md.)
 */
export const registerSecurityHeaders = (app: FastifyInstance, options: { https: boolean }) => {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
};
