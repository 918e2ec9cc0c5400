import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/**
 * Text PostgreSQL cannot keep: it refuses NUL in `text`, and a lone UTF-16 surrogate has no UTF-8
 * form. Such a value must be refused where it enters, once for every route, rather than reach a
 * query (500) or a log writer's batch (a row the database refuses).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isStorableText = (text: string): boolean => !text.includes('\0') && !LONE_SURROGATE.test(text);

/**
 * The path of the first string (value or key) in `value` that cannot be stored, or null. Walks
 * without recursion, so a deeply nested document cannot overflow the stack.
 */
export const findUnstorableText = (value: unknown, root: string): string | null => {
  const pending: [unknown, string][] = [[value, root]];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return path;
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--)
        pending.push([current[index], `${path}[${index}]`]);
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        if (!isStorableText(key)) return `${path}.${key.replace(/[\0\uD800-\uDFFF]/g, '?')}`;
        pending.push([child, `${path}.${key}`]);
      }
    }
  }
  return null;
};

export const unstorableTextError = (path: string): AppError =>
  new AppError('INVALID_CHARACTERS', `请求参数含有无法保存的字符（空字符或不成对的代理项）：${path}`, [
    { path, message: 'contains NUL or a lone surrogate' },
  ]);

/** Throws INVALID_CHARACTERS naming the first unstorable string in `value`. */
export const assertStorableText = (value: unknown, root: string): void => {
  const path = findUnstorableText(value, root);
  if (path !== null) throw unstorableTextError(path);
};

/**
 * Every route's path parameters, query and parsed body are checked before their schema runs, so
 * no handler, repo or log writer ever sees such text. Documents decoded inside a body (base64
 * `data` fields) are checked where they are decoded.
 */
export const registerUnstorableTextGuard = (app: FastifyInstance): void => {
  app.addHook('preValidation', async (request) => {
    assertStorableText(request.params, 'params');
    assertStorableText(request.query, 'querystring');
    assertStorableText(request.body, 'body');
  });
};
