import { ErrorCodes } from '@uniwim/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { ServiceUnavailableError } from '../unavailable';
import { errorEnvelope, toAppError } from './error-mapping';

describe('toAppError', () => {
  it('keeps an AppError as it is', () => {
    const error = new AppError('LOCKED', '账号已锁定，请 30 分钟后重试', { retryAfterSeconds: 1800 });
    expect(toAppError(error)).toBe(error);
  });

  it.each([
    [{ code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 }, 'BODY_TOO_LARGE', 413],
    [{ code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 }, 'UNSUPPORTED_MEDIA_TYPE', 415],
    [{ code: 'FST_ERR_CTP_EMPTY_JSON_BODY', statusCode: 400 }, 'MALFORMED_JSON', 400],
    [{ code: 'FST_ERR_BAD_URL', statusCode: 400 }, 'URL_MALFORMED', 400],
    [{ code: 'FST_ERR_MAX_PARAM_LENGTH', statusCode: 414 }, 'URL_TOO_LONG', 414],
    [{ statusCode: 429 }, 'RATE_LIMITED', 429],
    [{ statusCode: 418 }, 'BAD_REQUEST', 400],
  ])('maps the framework error %o to %s', (raw, name, status) => {
    const mapped = toAppError(Object.assign(new Error('x'), raw));
    expect(mapped.errorName).toBe(name);
    expect(mapped.status).toBe(status);
  });

  it('maps a JSON syntax error of the body parser to MALFORMED_JSON', () => {
    const syntax = Object.assign(new SyntaxError('Unexpected end of JSON input'), { statusCode: 400 });
    expect(toAppError(syntax).errorName).toBe('MALFORMED_JSON');
  });

  it.each([
    ['store', 'STORE_UNAVAILABLE', 50301],
    ['database', 'DATABASE_UNAVAILABLE', 50302],
  ] as const)('answers an outage of the %s with 503 %s, not INTERNAL', (service, name, code) => {
    const mapped = toAppError(new ServiceUnavailableError(service, new Error('connect ECONNREFUSED')));
    expect(mapped).toMatchObject({ errorName: name, code, status: 503 });
    expect(mapped.message).toBe(ErrorCodes[name].message);
  });

  it('turns anything unknown into INTERNAL without leaking its message', () => {
    const mapped = toAppError(new TypeError('cannot read properties of undefined (secret detail)'));
    expect(mapped.errorName).toBe('INTERNAL');
    expect(mapped.status).toBe(500);
    expect(mapped.message).toBe(ErrorCodes.INTERNAL.message);
  });
});

describe('errorEnvelope', () => {
  it('answers the wire envelope with the typed code, its name and the message', () => {
    expect(errorEnvelope(new AppError('TENANT_NOT_FOUND'))).toEqual({
      Code: 40402,
      Message: '租户不存在',
      Response: null,
      Error: 'TENANT_NOT_FOUND',
    });
    expect(errorEnvelope(new AppError('BAD_REQUEST', 'x', [{ path: 'body.a' }])).Details).toEqual([
      { path: 'body.a' },
    ]);
  });
});

describe('the error catalogue', () => {
  it('has unique numbers, statuses that fit, and a message for each code', () => {
    const numbers = Object.values(ErrorCodes).map((d) => d.code);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const def of Object.values(ErrorCodes)) {
      expect(Math.floor(def.code / 100)).toBe(def.status === 413 || def.status === 415 ? 400 : def.status);
      expect(def.message.length).toBeGreaterThan(0);
    }
  });
});
