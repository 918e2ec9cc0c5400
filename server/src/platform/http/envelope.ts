import { type Envelope, OK_CODE } from '@uniwim/contracts';

export const SUCCESS_MESSAGE = '成功';

export const ok = <T>(response: T, message: string = SUCCESS_MESSAGE): Envelope<T> => ({
  Code: OK_CODE,
  Message: message,
  Response: response,
});
