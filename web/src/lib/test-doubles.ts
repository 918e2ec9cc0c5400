import type { CookieJar, KeyValueStorage } from './storage-keys';

/** An in-memory Web Storage for unit tests, which run in Node without a DOM. */
export const createMemoryStorage = (
  initial: Record<string, string> = {},
): KeyValueStorage & {
  snapshot(): Record<string, string>;
} => {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    key: (index) => [...data.keys()][index] ?? null,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, String(value));
    },
    removeItem: (key) => {
      data.delete(key);
    },
    snapshot: () => Object.fromEntries(data),
  };
};

/** Records every cookie string written, the way `document.cookie` receives them. */
export const createRecordingCookieJar = (readValue = ''): CookieJar & { writes: string[] } => {
  const writes: string[] = [];
  return {
    writes,
    get cookie() {
      return readValue;
    },
    set cookie(value: string) {
      writes.push(value);
    },
  };
};

/** A recorded request of a fake server. */
export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type FakeAnswer = { status?: number; body: unknown } | Error;

/**
 * A fetch that answers by "METHOD path" (path without the query), recording every request. A
 * route may be a list of answers, used in turn (the last one repeats). Unknown routes answer 404.
 */
export const createFakeServer = (
  routes: Record<string, FakeAnswer | FakeAnswer[] | ((request: RecordedRequest) => FakeAnswer)>,
) => {
  const requests: RecordedRequest[] = [];
  const served = new Map<string, number>();
  const fetch = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const request: RecordedRequest = {
      url,
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const key = `${request.method} ${url.split('?')[0]}`;
    const route = routes[key];
    let answer: FakeAnswer;
    if (route === undefined)
      answer = { status: 404, body: { Code: 40401, Message: '接口不存在', Response: null } };
    else if (typeof route === 'function') answer = route(request);
    else if (Array.isArray(route)) {
      const index = served.get(key) ?? 0;
      served.set(key, index + 1);
      answer = route[Math.min(index, route.length - 1)]!;
    } else answer = route;
    if (answer instanceof Error) throw answer;
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  };
  return { fetch, requests };
};

/** An envelope with Code 0. */
export const ok = (response: unknown) => ({ body: { Code: 0, Message: '', Response: response } });

/** An error envelope. */
export const failure = (code: number, message: string, status = 400, error?: string) => ({
  status,
  body: { Code: code, Message: message, Response: null, ...(error ? { Error: error } : {}) },
});
