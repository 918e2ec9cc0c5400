import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The pages load only their own scripts; styles may be inline (antd generates them at run time);
 * images may come from the tenant's configured https hosts; frames open tenant applications.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  fontSrc: ["'self'", 'data:'],
  frameSrc: ["'self'", 'https:', 'http:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'self'"],
  formAction: ["'self'"],
};

export const registerSecurityHeaders = async (app: FastifyInstance, options: { https: boolean }) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...CONTENT_SECURITY_POLICY, ...(options.https ? { upgradeInsecureRequests: [] } : {}) },
    },
    // Frames of the shell embed same-origin pages; other origins may not frame us.
    frameguard: { action: 'sameorigin' },
    hsts: options.https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
};
