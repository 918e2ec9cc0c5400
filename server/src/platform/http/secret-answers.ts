import { isSecretAnswer } from '@uniwim/contracts';
import type { FastifyInstance, onRequestHookHandler, RouteOptions } from 'fastify';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The answer carries a secret (a token, a password or a credential's secret shown once), so no
     * cache may store it. Set by itself for every route whose success answer is marked with
     * `secretAnswer` in the contracts; a route whose answer is not described so may set it.
     */
    carriesSecrets?: boolean;
  }
}

/** RFC 9111: no cache, shared or private, keeps the answer; Pragma for HTTP/1.0 caches (RFC 6749 5.1). */
export const NO_STORE_HEADERS = { 'cache-control': 'no-store', pragma: 'no-cache' } as const;

/** The schemas of a route's success answers, plain or by media type. */
const successSchemasOf = (route: Pick<RouteOptions, 'schema'>): unknown[] =>
  Object.entries((route.schema?.response ?? {}) as Record<string, unknown>)
    .filter(([status]) => status.startsWith('2'))
    .flatMap(([, answer]) =>
      answer && typeof answer === 'object' && 'content' in answer
        ? Object.values(answer.content as Record<string, { schema?: unknown }>).map((media) => media.schema)
        : [answer],
    );

/** Whether `schema` is a secret answer, or holds one: as the envelope's Response, nullable, optional, in a union. */
const holdsSecretAnswer = (schema: unknown, depth = 0): boolean => {
  if (!(schema instanceof z.ZodType) || depth > 4) return false;
  if (isSecretAnswer(schema)) return true;
  if (schema instanceof z.ZodObject) return holdsSecretAnswer(schema.shape.Response, depth + 1);
  if (schema instanceof z.ZodNullable || schema instanceof z.ZodOptional) {
    return holdsSecretAnswer(schema.unwrap(), depth + 1);
  }
  if (schema instanceof z.ZodUnion)
    return schema.options.some((option) => holdsSecretAnswer(option, depth + 1));
  return false;
};

export const answerCarriesSecrets = (route: Pick<RouteOptions, 'schema' | 'config'>): boolean =>
  (route.config as { carriesSecrets?: boolean } | undefined)?.carriesSecrets === true ||
  successSchemasOf(route).some((schema) => holdsSecretAnswer(schema));

const noStore: onRequestHookHandler = (_request, reply, done) => {
  reply.headers(NO_STORE_HEADERS);
  done();
};

/**
 * Every route whose answer carries a secret sends `Cache-Control: no-store` and `Pragma: no-cache`,
 * on its refusals too; decided once per route as it is registered (nothing per request elsewhere).
 * Registered before the routes.
 */
export const registerSecretAnswers = (app: FastifyInstance): void => {
  app.addHook('onRoute', (route) => {
    if (!answerCarriesSecrets(route)) return;
    route.config = { ...(route.config as object), carriesSecrets: true };
    const own = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [noStore, ...own];
  });
};
