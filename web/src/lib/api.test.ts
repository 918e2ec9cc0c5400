import { ErrorCodes } from '@uniwim/contracts/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, buildUrl, ClientErrorCodes, createApiClient } from './api';

const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const stubFetch = (answer: () => Promise<Response> | Response) => {
  const fetchMock = vi.fn(async (_input: string, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('buildUrl', () => {
  it('appends query values and leaves out null and undefined', () => {
    expect(buildUrl('', '/ump/cfg-encrypt', { tenant: 'water', a: undefined, b: null, n: 0, f: false })).toBe(
      '/ump/cfg-encrypt?tenant=water&n=0&f=false',
    );
  });

  it('encodes values and extends an existing query', () => {
    expect(buildUrl('http://h', '/x?y=1', { q: 'a b&c' })).toBe('http://h/x?y=1&q=a+b%26c');
    expect(buildUrl('', '/x', {})).toBe('/x');
  });
});

describe('api client', () => {
  it('returns Response on Code 0', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ Code: 0, Message: 'ok', Response: { a: 1 } }));
    const client = createApiClient();
    await expect(client.get<{ a: number }>('/thing', { query: { tenant: 'water' } })).resolves.toEqual({
      a: 1,
    });
    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/thing?tenant=water');
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
  });

  it('sends the stored token as a bearer token', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ Code: 0, Message: '', Response: null }));
    await createApiClient({ getToken: () => 'tok-1' }).get('/ump/currUserInfo');
    const headers = fetchMock.mock.calls[0]![1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-1');
  });

  it('sends no Authorization header without a token', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ Code: 0, Message: '', Response: null }));
    await createApiClient({ getToken: () => null }).get('/ump/cfg-encrypt');
    const headers = fetchMock.mock.calls[0]![1]?.headers as Record<string, string>;
    expect(headers).not.toHaveProperty('Authorization');
  });

  it('posts JSON bodies', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ Code: 0, Message: '', Response: 'done' }));
    await expect(createApiClient({ baseUrl: 'http://api' }).post('/dmp/login', { data: 'x' })).resolves.toBe(
      'done',
    );
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('http://api/dmp/login');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"data":"x"}');
    expect((init!.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('throws an ApiError with code, message, status and name on a non-zero Code', async () => {
    stubFetch(() =>
      jsonResponse(
        {
          Code: ErrorCodes.LOCKED.code,
          Message: '账号已锁定',
          Response: null,
          Error: 'LOCKED',
          Details: { retryAfter: 30 },
        },
        423,
      ),
    );
    const error = await createApiClient()
      .get('/x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: ErrorCodes.LOCKED.code,
      message: '账号已锁定',
      status: 423,
      errorName: 'LOCKED',
      details: { retryAfter: 30 },
    });
  });

  it('names the error from the catalogue when the server sends no name, and flags authentication errors', async () => {
    stubFetch(() =>
      jsonResponse({ Code: ErrorCodes.UNAUTHENTICATED.code, Message: '', Response: null }, 401),
    );
    const error = (await createApiClient()
      .get('/x')
      .catch((e: unknown) => e)) as ApiError;
    expect(error.errorName).toBe('UNAUTHENTICATED');
    expect(error.isUnauthenticated).toBe(true);
    expect(error.message).not.toBe('');
  });

  it('turns a network failure into a clear ApiError', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = (await createApiClient()
      .get('/x')
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe(ClientErrorCodes.NETWORK);
    expect(error.status).toBe(0);
    expect(error.isNetworkError).toBe(true);
    expect(error.message).toMatch(/网络/);
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('lets a caller abort pass through unchanged', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('aborted', 'AbortError');
    stubFetch(() => Promise.reject(abort));
    await expect(createApiClient().get('/x', { signal: controller.signal })).rejects.toBe(abort);
  });

  it('rejects an answer that is not JSON, keeping the HTTP status', async () => {
    stubFetch(() => new Response('<html>Bad Gateway</html>', { status: 502 }));
    await expect(createApiClient().get('/x')).rejects.toMatchObject({
      code: ClientErrorCodes.INVALID_RESPONSE,
      status: 502,
    });
  });

  it('rejects JSON that is not an envelope', async () => {
    stubFetch(() => jsonResponse({ hello: 'world' }));
    await expect(createApiClient().get('/x')).rejects.toMatchObject({
      code: ClientErrorCodes.INVALID_RESPONSE,
      status: 200,
    });
  });
});

describe('api client activity (issue 25: page.html busy signal)', () => {
  it('ends each request it begins, answered or failed', async () => {
    const { beginActivity, pendingActivity } = await import('./request-activity');
    stubFetch(() => jsonResponse({ Code: 40300, Message: '没有访问权限', Response: null }, 403));
    const seen: number[] = [];
    const client = createApiClient({
      onRequest: () => {
        const end = beginActivity();
        seen.push(pendingActivity());
        return end;
      },
    });
    const refused = client.get('/ump/admin/permissions');
    expect(pendingActivity()).toBe(1);
    await expect(refused).rejects.toMatchObject({ status: 403 });
    expect(pendingActivity()).toBe(0);
    expect(seen).toEqual([1]);
  });
});

describe('api client with the token-refresh hooks', () => {
  const tokenInvalid = () =>
    jsonResponse(
      {
        Code: ErrorCodes.TOKEN_INVALID.code,
        Message: '登录凭据无效',
        Response: null,
        Error: 'TOKEN_INVALID',
      },
      401,
    );

  const clientWith = (recover: (tokenUsed: string | null) => Promise<boolean>) => {
    let token = 'old';
    const session = {
      ensureFresh: vi.fn(async () => {}),
      recover: vi.fn(async (tokenUsed: string | null) => {
        const retry = await recover(tokenUsed);
        if (retry) token = 'new';
        return retry;
      }),
    };
    return { session, client: createApiClient({ getToken: () => token, session }) };
  };

  it('refreshes before a request when due, and retries once with the new token after TOKEN_INVALID', async () => {
    const answers = [tokenInvalid(), jsonResponse({ Code: 0, Message: '', Response: 'me' })];
    const fetchMock = stubFetch(() => answers.shift()!);
    const { client, session } = clientWith(async () => true);
    await expect(client.get('/ump/currUserInfo')).resolves.toBe('me');
    expect(session.ensureFresh).toHaveBeenCalledOnce();
    expect(session.recover).toHaveBeenCalledWith('old');
    const authorizations = fetchMock.mock.calls.map(
      ([, init]) => (init!.headers as Record<string, string>).Authorization,
    );
    expect(authorizations).toEqual(['Bearer old', 'Bearer new']);
  });

  it('retries only once', async () => {
    const fetchMock = stubFetch(() => tokenInvalid());
    const { client } = clientWith(async () => true);
    await expect(client.get('/x')).rejects.toMatchObject({ errorName: 'TOKEN_INVALID' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('gives up when the refresh fails, and ignores other errors', async () => {
    stubFetch(() => tokenInvalid());
    const failing = clientWith(async () => false);
    await expect(failing.client.get('/x')).rejects.toMatchObject({ errorName: 'TOKEN_INVALID' });

    stubFetch(() =>
      jsonResponse({ Code: ErrorCodes.FORBIDDEN.code, Message: '没有访问权限', Response: null }, 403),
    );
    const other = clientWith(async () => true);
    await expect(other.client.get('/x')).rejects.toMatchObject({ errorName: 'FORBIDDEN' });
    expect(other.session.recover).not.toHaveBeenCalled();
  });

  it('leaves requests with their own Authorization header alone', async () => {
    const fetchMock = stubFetch(() => tokenInvalid());
    const { client, session } = clientWith(async () => true);
    await expect(
      client.post('/dmp/user/changePwd', {}, { headers: { Authorization: 'Bearer sign-in-token' } }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(session.ensureFresh).not.toHaveBeenCalled();
    expect(session.recover).not.toHaveBeenCalled();
    expect((fetchMock.mock.calls[0]![1]!.headers as Record<string, string>).Authorization).toBe(
      'Bearer sign-in-token',
    );
  });
});
