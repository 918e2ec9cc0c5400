import type { z } from 'zod';
import { AppError } from '../errors';
import { assertStorableText } from './unstorable-text';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Several calls of the spec send `{ data }`, data being base64 of a UTF-8 JSON document. Anything
 * that is not exactly that is BAD_ENCODING, and the document must then pass its schema.
 */
export const decodeDataField = <T extends z.ZodType>(data: string, schema: T): z.output<T> => {
  if (data.length % 4 !== 0 || !BASE64.test(data))
    throw new AppError('BAD_ENCODING', '数据编码有误：data 不是 base64');
  let document: unknown;
  try {
    document = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(data, 'base64')));
  } catch {
    throw new AppError('BAD_ENCODING', '数据编码有误：data 不是 JSON');
  }
  assertStorableText(document, 'data');
  const parsed = schema.safeParse(document);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => ({
      path: `data.${issue.path.join('.')}`,
      message: issue.message,
    }));
    throw new AppError('BAD_REQUEST', `请求参数有误：${details[0]?.path} ${details[0]?.message}`, details);
  }
  return parsed.data;
};
