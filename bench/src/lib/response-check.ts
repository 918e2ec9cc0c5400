import { OK_CODE } from '@uniwim/contracts';
import { ScenarioFailure } from '../scenario';

/** Anything with zod's safeParse (the contracts' schemas), kept structural so bench needs no zod import. */
export interface BodyParser {
  safeParse(value: unknown): { success: true } | { success: false; error: { message: string } };
}

export interface ExpectedResponse {
  /** Absolute URL to GET (or to send `method` with `requestBody`). */
  url: string;
  method?: 'GET' | 'POST';
  requestBody?: string;
  headers?: Record<string, string>;
  /** Validates the parsed JSON body. */
  body: BodyParser;
  /** Further checks on the parsed body; return a problem in words, or undefined when fine. */
  extraCheck?: (body: unknown) => string | undefined;
}

/**
 * GETs the URL once before any load and fails the scenario loudly unless it answers 200 with the
 * expected JSON envelope: a fast error page must never pass for a fast endpoint.
 */
export const assertExpectedResponse = async (expected: ExpectedResponse): Promise<void> => {
  const method = expected.method ?? 'GET';
  const response = await fetch(expected.url, {
    method,
    headers: expected.headers,
    body: expected.requestBody,
  });
  const text = await response.text();
  const fail = (problem: string): never => {
    throw new ScenarioFailure(`${method} ${expected.url} ${problem}. Body: ${text.slice(0, 300)}`);
  };
  if (response.status !== 200) fail(`answered ${response.status}, expected 200`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    fail('did not answer JSON');
  }
  const parsed = expected.body.safeParse(body);
  if (!parsed.success) fail(`did not answer the expected envelope (${parsed.error.message.slice(0, 300)})`);
  const problem = expected.extraCheck?.(body);
  if (problem) fail(problem);
};

/** Any success envelope: { Code: 0, Message: string, Response: <checked by responseCheck> }. */
export const okEnvelope = (responseCheck: (response: unknown) => string | undefined): BodyParser => ({
  safeParse: (value) => {
    const envelope = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
    const problem =
      envelope.Code !== OK_CODE || typeof envelope.Message !== 'string' || !('Response' in envelope)
        ? `expected { Code: ${OK_CODE}, Message, Response }`
        : responseCheck(envelope.Response);
    return problem ? { success: false, error: { message: problem } } : { success: true };
  },
});
