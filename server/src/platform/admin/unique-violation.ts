import type { ResourceDeclaration } from '@uniwim/contracts';
import { sqlStateOf } from '../db/database-errors';
import { AppError } from '../errors';

const MAX_CAUSE_DEPTH = 5;

const detailOf = (error: unknown): string | undefined => {
  let current: unknown = error;
  for (let depth = 0; depth <= MAX_CAUSE_DEPTH && current instanceof Object; depth++) {
    const detail = (current as { detail?: unknown }).detail;
    if (typeof detail === 'string') return detail;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
};

const camelCase = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * Uniqueness is decided by the database; its refusal becomes 409 DUPLICATE naming the field
 * ("Key (code)=(water) already exists." → the declared column `code`, titled 编码).
 */
export const uniqueViolationError = (
  error: unknown,
  declaration: Pick<ResourceDeclaration, 'columns'>,
): AppError | undefined => {
  if (sqlStateOf(error) !== '23505') return undefined;
  const column = /Key \(([^)]+)\)=/
    .exec(detailOf(error) ?? '')?.[1]
    ?.split(',')[0]
    ?.trim();
  const field = column ? camelCase(column) : undefined;
  const title = declaration.columns.find((c) => c.key === field)?.title.zh;
  const message = title ? `${title}已存在` : '数据重复';
  return new AppError('DUPLICATE', message, field ? [{ path: `body.${field}`, message }] : undefined);
};
