import {
  type Envelope,
  ErrorCodes,
  type ErrorName,
  errorNameOf,
  OK_CODE,
  type TokenAnswer,
} from '@uniwim/contracts/client';
import { beginActivity } from './request-activity';
import { readStoredToken } from './storage-keys';
import { createTokenRefresher, type TokenRefresher } from './token-refresh';

/** Codes for failures that never reached a server answer; negative so they cannot clash with ErrorCodes. */
export const ClientErrorCodes = {
  NETWORK: -1,
  INVALID_RESPONSE: -2,
} as const;

export const NETWORK_ERROR_MESSAGE = '网络连接失败，请检查网络后重试';
export const INVALID_RESPONSE_MESSAGE = '服务器返回了无法识别的数据';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** Envelope Code, or a ClientErrorCodes value when no envelope arrived. */
    readonly code: number,
    message: string,
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    /** Symbolic name from the server's error catalogue, when known. */
    readonly errorName?: ErrorName | string,
    readonly details?: unknown,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  get isNetworkError(): boolean {
    return this.code === ClientErrorCodes.NETWORK;
  }

  get isUnauthenticated(): boolean {
    return this.code === ErrorCodes.UNAUTHENTICATED.code || this.code === ErrorCodes.TOKEN_INVALID.code;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The part of fetch the client uses; lets tests pass a plain function. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  /** Prefix for every path; empty means the page's own origin, where the server lives. */
  baseUrl?: string;
  fetch?: FetchLike;
  /** Read on every request, so a token stored after sign-in is used at once. */
  getToken?: () => string | null;
  /**
   * Keeps the stored token alive. Not used for requests that bring their own Authorization header
   * (such as the change-password call with the sign-in answer's token).
   */
  session?: SessionHooks;
  /** Called as each request begins; the function it returns is called when the request ends. */
  onRequest?: () => () => void;
}

/** What the client needs from the token-refresh client (see token-refresh.ts). */
export interface SessionHooks {
  /** Before each request: refresh when the token is about to expire. */
  ensureFresh(): Promise<void>;
  /** After a 401 TOKEN_INVALID: true when the request may be sent again, once. */
  recover(tokenUsed: string | null): Promise<boolean>;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
}

export const buildUrl = (baseUrl: string, path: string, query?: Record<string, QueryValue>): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  if (search === '') return `${baseUrl}${path}`;
  return `${baseUrl}${path}${path.includes('?') ? '&' : '?'}${search}`;
};

const isEnvelope = (value: unknown): value is Envelope<unknown> & { Error?: unknown; Details?: unknown } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { Code?: unknown }).Code === 'number' &&
  'Response' in value;

export const createApiClient = (options: ApiClientOptions = {}): ApiClient => {
  const baseUrl = options.baseUrl ?? '';
  // Looked up per call, not captured: tests stub the global fetch after the client exists.
  const doFetch = (input: string, init: RequestInit) => (options.fetch ?? globalThis.fetch)(input, init);

  const send = async <T>(path: string, req: RequestOptions, token: string | null): Promise<T> => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    Object.assign(headers, req.headers);
    const hasBody = req.body !== undefined;
    if (hasBody) headers['Content-Type'] = 'application/json';

    let response: Response;
    try {
      response = await doFetch(buildUrl(baseUrl, path, req.query), {
        method: req.method ?? (hasBody ? 'POST' : 'GET'),
        headers,
        body: hasBody ? JSON.stringify(req.body) : undefined,
        signal: req.signal,
      });
    } catch (cause) {
      // An abort is the caller's own decision, not a network failure: let it through unchanged.
      if (req.signal?.aborted) throw cause;
      throw new ApiError(ClientErrorCodes.NETWORK, NETWORK_ERROR_MESSAGE, 0, 'NETWORK', undefined, { cause });
    }

    let payload: unknown;
    try {
      payload = await response.json();
    } catch (cause) {
      throw new ApiError(
        ClientErrorCodes.INVALID_RESPONSE,
        response.ok ? INVALID_RESPONSE_MESSAGE : `${INVALID_RESPONSE_MESSAGE}（HTTP ${response.status}）`,
        response.status,
        'INVALID_RESPONSE',
        undefined,
        { cause },
      );
    }
    if (!isEnvelope(payload)) {
      throw new ApiError(
        ClientErrorCodes.INVALID_RESPONSE,
        INVALID_RESPONSE_MESSAGE,
        response.status,
        'INVALID_RESPONSE',
      );
    }
    if (payload.Code !== OK_CODE) {
      const errorName = typeof payload.Error === 'string' ? payload.Error : errorNameOf(payload.Code);
      const message =
        typeof payload.Message === 'string' && payload.Message !== '' ? payload.Message : '请求失败';
      throw new ApiError(payload.Code, message, response.status, errorName, payload.Details);
    }
    return payload.Response as T;
  };

  const request = async <T>(path: string, req: RequestOptions = {}): Promise<T> => {
    const end = options.onRequest?.();
    try {
      return await requestOnce<T>(path, req);
    } finally {
      end?.();
    }
  };

  const requestOnce = async <T>(path: string, req: RequestOptions): Promise<T> => {
    const session = req.headers?.Authorization === undefined ? options.session : undefined;
    await session?.ensureFresh();
    const token = options.getToken?.() ?? null;
    try {
      return await send<T>(path, req, token);
    } catch (error) {
      const tokenRejected = error instanceof ApiError && error.errorName === 'TOKEN_INVALID';
      if (!session || !tokenRejected || !(await session.recover(token))) throw error;
      return send<T>(path, req, options.getToken?.() ?? null);
    }
  };

  return {
    request,
    get: (path, opts) => request(path, { ...opts, method: 'GET' }),
    post: (path, body, opts) => request(path, { ...opts, method: 'POST', body }),
  };
};

/** Without a token or refresh: for the refresh call itself. */
const anonymousClient = createApiClient();

let browserRefresher: TokenRefresher | undefined;

/** The pages' one token-refresh client, over local storage; created on first use. */
export const browserTokenRefresher = (): TokenRefresher => {
  browserRefresher ??= createTokenRefresher({
    storage: localStorage,
    requestRefresh: (refreshToken) =>
      anonymousClient.post<TokenAnswer | null>('/dmp/refreshToken', { refreshToken }),
    isTransient: (error) => error instanceof ApiError && error.isNetworkError,
    onFailure: (failure) => {
      // The alert needs antd's Modal: loaded only when a refresh actually fails.
      import('./session-expired-alert')
        .then(({ alertSessionExpired }) => alertSessionExpired(failure))
        .catch(() => location.replace('/login.html'));
    },
  });
  return browserRefresher;
};

/** The one client the pages use: same origin, bearer token from local storage, kept fresh. */
export const api: ApiClient = createApiClient({
  getToken: () => readStoredToken(),
  // page.html's busy signal counts the requests under way.
  onRequest: beginActivity,
  session: {
    ensureFresh: () => browserTokenRefresher().ensureFresh(),
    recover: (tokenUsed) => browserTokenRefresher().recover(tokenUsed),
  },
});
