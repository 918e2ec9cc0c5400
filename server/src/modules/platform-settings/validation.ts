import {
  type PlatformSettings,
  type PlatformSettingsGroup,
  platformSettingsSchema,
  sanitizeCustomCss,
} from '@uniwim/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/errors';

export interface FieldProblem {
  /** `group.field`, as the page names its form fields. */
  path: string;
  message: string;
  /** The bound a value went past, when that is the problem. */
  minimum?: number;
  maximum?: number;
}

const BOUND_CODES = new Set(['too_small', 'too_big']);

const problemOf = (group: string, issue: z.core.$ZodIssue): FieldProblem => {
  const bound = issue as { minimum?: unknown; maximum?: unknown };
  return {
    path: [group, ...issue.path.map(String)].join('.'),
    message: issue.message,
    ...(typeof bound.minimum === 'number' ? { minimum: bound.minimum } : {}),
    ...(typeof bound.maximum === 'number' ? { maximum: bound.maximum } : {}),
  };
};

/**
 * The groups a save replaces, checked with the contract's schemas. A value past its own bound answers
 * 422 SETTING_OUT_OF_RANGE naming the field and the bound; any other wrong value 400. customCss is
 * sanitised, so what could load or run something is never stored.
 */
export const validateGroups = (
  groups: Partial<Record<PlatformSettingsGroup, unknown>>,
): Partial<PlatformSettings> => {
  const next: Partial<Record<PlatformSettingsGroup, unknown>> = {};
  const problems: (FieldProblem & { bound: boolean })[] = [];
  for (const [group, value] of Object.entries(groups) as [PlatformSettingsGroup, unknown][]) {
    if (value === undefined) continue;
    const parsed = platformSettingsSchema.shape[group].safeParse(value);
    if (parsed.success) next[group] = parsed.data;
    else
      for (const issue of parsed.error.issues)
        problems.push({ ...problemOf(group, issue), bound: BOUND_CODES.has(issue.code) });
  }
  if (problems.length > 0) {
    const details = problems.map(({ bound: _bound, ...problem }) => problem);
    const first = details[0]!;
    const outOfRange = problems.every((problem) => problem.bound);
    throw new AppError(
      outOfRange ? 'SETTING_OUT_OF_RANGE' : 'VALIDATION_FAILED',
      `${first.path}：${first.message}`,
      details,
    );
  }
  const look = next.signInLook as PlatformSettings['signInLook'] | undefined;
  if (look) look.customCss = sanitizeCustomCss(look.customCss);
  return next as Partial<PlatformSettings>;
};
