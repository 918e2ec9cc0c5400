import {
  compileCustomRule,
  floorProblemsOf,
  reviewCustomCss,
  type SecurityFloors,
  type TenantSettings,
  type TenantSettingsGroup,
  tenantSettingsSchema,
} from '@uniwim/contracts';
import { AppError } from '../../platform/errors';

export interface CheckedGroups {
  groups: Partial<TenantSettings>;
  /** What the customCss lost, when the look was saved. */
  removedCss: string[];
}

/**
 * The groups a save replaces, checked with the contract's schemas (400 VALIDATION_FAILED naming every
 * field), then the policy against the platform's floors (400 BELOW_PLATFORM_FLOOR naming the field and
 * the floor). customCss is reviewed: what could load or run something, or load from outside the
 * tenant's files, is never stored.
 */
export const checkGroups = (
  tenantId: string,
  input: Partial<Record<TenantSettingsGroup, unknown>>,
  floors: SecurityFloors,
): CheckedGroups => {
  const groups: Partial<Record<TenantSettingsGroup, unknown>> = {};
  const problems: { path: string; message: string }[] = [];
  for (const [group, value] of Object.entries(input) as [TenantSettingsGroup, unknown][]) {
    if (value === undefined) continue;
    const parsed = tenantSettingsSchema.shape[group].safeParse(value);
    if (parsed.success) groups[group] = parsed.data;
    else
      for (const issue of parsed.error.issues)
        problems.push({ path: [group, ...issue.path.map(String)].join('.'), message: issue.message });
  }
  const checked = groups as Partial<TenantSettings>;
  if (checked.security?.pwdRuleType === 4 && compileCustomRule(checked.security.pwdRule) === null)
    problems.push({ path: 'security.pwdRule', message: '自定义密码规则须为有效的正则表达式' });
  if (problems.length > 0)
    throw new AppError('VALIDATION_FAILED', `${problems[0]!.path}：${problems[0]!.message}`, problems);

  if (checked.security) {
    const belowFloor = floorProblemsOf(checked.security, floors);
    if (belowFloor.length > 0)
      throw new AppError(
        'BELOW_PLATFORM_FLOOR',
        `${belowFloor[0]!.path}：${belowFloor[0]!.message}`,
        belowFloor,
      );
  }
  let removedCss: string[] = [];
  if (checked.signInLook) {
    const review = reviewCustomCss(checked.signInLook.customCss, tenantId);
    checked.signInLook.customCss = review.css;
    removedCss = review.removed;
  }
  return { groups: checked, removedCss };
};
