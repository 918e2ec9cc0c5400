import type { ErrorEnvelope } from '@uniwim/contracts';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, isAppError } from '../errors';

interface FastifyLikeError {
  code?: string;
  statusCode?: number;
  message?: string;
  validation?: unknown;
}

const fastifyCodeToError: Record<string, AppError['errorName']> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  // The router's own refusals (Fastify's frameworkErrors): a path it cannot decode, a parameter too long.
  FST_ERR_BAD_URL: 'URL_MALFORMED',
  FST_ERR_MAX_PARAM_LENGTH: 'URL_TOO_LONG',
};

const describeValidation = (error: unknown): { message: string; details: unknown } => {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((v) => ({
      path: `${error.validationContext ?? 'body'}${v.instancePath.replaceAll('/', '.')}`,
      message: v.message ?? 'invalid',
    }));
    const first = details[0];
    return { message: first ? `请求参数有误：${first.path} ${first.message}` : '请求参数有误', details };
  }
  return { message: '请求参数有误', details: undefined };
};

/**
 * Maps anything thrown while handling a request to a typed AppError. Only what is not
 * recognised becomes INTERNAL, so a 500 always means a bug. An outage of the store or the database
 * arrives already typed: those layers throw ServiceUnavailableError (an AppError, 503) instead of
 * the driver's error.
 */
export const toAppError = (error: unknown): AppError => {
  if (isAppError(error)) return error;
  const e = (error ?? {}) as FastifyLikeError;
  if (e.validation) {
    const { message, details } = describeValidation(error);
    return new AppError('BAD_REQUEST', message, details);
  }
  const mapped = e.code ? fastifyCodeToError[e.code] : undefined;
  if (mapped) return new AppError(mapped);
  if (error instanceof SyntaxError && e.statusCode === 400) return new AppError('MALFORMED_JSON');
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    if (e.statusCode === 429) return new AppError('RATE_LIMITED');
    if (e.statusCode === 404) return new AppError('NOT_FOUND');
    if (e.statusCode === 413) return new AppError('BODY_TOO_LARGE');
    if (e.statusCode === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE');
    return new AppError('BAD_REQUEST');
  }
  return new AppError('INTERNAL');
};

export const errorEnvelope = (error: AppError): ErrorEnvelope => ({
  Code: error.code,
  Message: error.message,
  Response: null,
  Error: error.errorName,
  ...(error.details === undefined ? {} : { Details: error.details }),
});
