import type { FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { AppError } from '../errors';
import { RETRY_AFTER_SECONDS } from '../unavailable';
import { bearerChallengeOf } from './bearer-challenge';
import { errorEnvelope, toAppError } from './error-mapping';

export const registerErrorHandling = (app: FastifyInstance) => {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    if (appError.status === 503) {
      // An outage or a shutdown, not a bug: the store and database layers warn once per outage, so a
      // request only notes its code, and the client is told when to try again.
      request.log.info({ code: appError.errorName }, appError.message);
      if (!reply.hasHeader('retry-after')) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    } else if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: appError.errorName }, appError.message);
    // RFC 6750 section 3: bearer-token refusals say why in WWW-Authenticate, decided here for every route.
    const challenge = bearerChallengeOf(request, appError);
    if (challenge) reply.header('www-authenticate', challenge);
    return reply.code(appError.status).send(errorEnvelope(appError));
  });

  app.setNotFoundHandler((request, reply) => {
    const error = new AppError(
      'ROUTE_NOT_FOUND',
      `接口不存在：${request.method} ${request.url.split('?')[0]}`,
    );
    return reply.code(error.status).send(errorEnvelope(error));
  });
};

/**
 * Fastify's `frameworkErrors`: the router's own refusals (a path it cannot percent-decode, a path
 * parameter over maxParamLength) come before any route or hook, so without this Fastify writes its
 * own body, which echoes the path. Answered here like every other error: the envelope with a typed
 * code and the catalogue's words (never the path), and the headers every answer carries.
 */
export const routerErrorAnswer =
  (headers: Record<string, string>): NonNullable<FastifyServerOptions['frameworkErrors']> =>
  (error, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed in the router');
    else request.log.info({ code: appError.errorName }, appError.message);
    (reply as FastifyReply).headers(headers).code(appError.status).send(errorEnvelope(appError));
  };
