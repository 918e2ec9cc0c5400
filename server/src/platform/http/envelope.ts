import { type Envelope, OK_CODE } from '@uniwim/contracts';

export const SUCCESS_MESSAGE = '成功';

export const ok = <T>(response: T, message: string = SUCCESS_MESSAGE): Envelope<T> => ({
  Code: OK_CODE,
  Message: message,
  Response: response,
});

/**
 * Sends an answer that was serialised once and cached (hot anonymous calls): Fastify passes a
 * string through as it is. The route's response schema still documents it.
 */
export const sendJsonText = (
  reply: { type(contentType: string): { send(payload: never): unknown } },
  json: string,
): void => {
  reply.type('application/json; charset=utf-8').send(json as never);
};
