import type { LoginConfig } from './login-config';

/**
 * The password policy of spec section 5, shared by the browser (hints, early feedback) and the
 * server (the decision). Pure TypeScript, no Node APIs.
 *
 * Rule types (pwdRuleType): 1 upper+lower+digits; 2 letters+digits+special; 3 letters+digits;
 * 4 custom regex pwdRule (only non-empty when pwdRule is empty); 5 upper+lower+special+digits;
 * anything else only non-empty. Every type also gets the minimum length, the 64-character cap,
 * the weak-password list and the "differs from old password / username" checks.
 *
 * "Letters" are ASCII letters, "special" is ASCII punctuation (!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~);
 * other characters (CJK, emoji, ...) are allowed but satisfy no class. Lengths count code points.
 */
export interface PasswordPolicy {
  ruleType: number;
  /** The pwdRule regex of type 4; '' when none. */
  customRule: string;
  minLength: number;
  /** Lower-cased, so comparisons are case-insensitive. */
  weakPasswords: string[];
  /**
   * A character rule (1, 2, 3 or 5) the password must pass besides a custom rule (type 4): the
   * platform's floor under a tenant's own regex (see holdPolicyToFloor).
   */
  alsoRuleType?: number;
}

export const PASSWORD_MAX_LENGTH = 64;

/** Text of every message, so screens and tests refer to one source. */
export const PASSWORD_MESSAGES = {
  empty: '密码不能为空',
  tooLong: `密码长度不能超过${PASSWORD_MAX_LENGTH}位`,
  // The sign-in form trims its inputs, so such a password could never be typed in again.
  surroundingSpaces: '密码首尾不能包含空格',
  customRuleFailed: '密码验证规则不通过',
  weak: '密码过于简单，请更换其他密码',
  sameAsUsername: '密码不能与用户名相同',
  sameAsOld: '原始密码与新密码必须不同',
  oldEmpty: '原始密码不能为空',
  newEmpty: '新密码不能为空',
  confirmEmpty: '请再次输入密码',
  confirmMismatch: '两次输入密码不一致!',
} as const;

export const passwordTooShortMessage = (minLength: number): string => `密码长度不能少于${minLength}位`;

interface CharacterRule {
  /** What the password must contain, as shown in messages and hints. */
  requirement: string;
  test: (password: string) => boolean;
}

const UPPER = /[A-Z]/;
const LOWER = /[a-z]/;
const LETTER = /[A-Za-z]/;
const DIGIT = /[0-9]/;
const SPECIAL = /[!-/:-@[-`{-~]/;

const requireAll =
  (...classes: RegExp[]) =>
  (password: string): boolean =>
    classes.every((characterClass) => characterClass.test(password));

const CHARACTER_RULES: Readonly<Record<number, CharacterRule>> = {
  1: { requirement: '大写字母、小写字母和数字', test: requireAll(UPPER, LOWER, DIGIT) },
  2: { requirement: '字母、数字和特殊字符', test: requireAll(LETTER, DIGIT, SPECIAL) },
  3: { requirement: '字母和数字', test: requireAll(LETTER, DIGIT) },
  5: { requirement: '大写字母、小写字母、数字和特殊字符', test: requireAll(UPPER, LOWER, DIGIT, SPECIAL) },
};

const CUSTOM_RULE_TYPE = 4;

/**
 * The pwdRule regex, or null when there is none or it does not compile. An invalid rule is an
 * administrator's mistake: refusing every password would lock all users out, so such a policy
 * falls back to "non-empty + length" (and `describePolicy` does not mention a rule).
 * Accepts "pattern" or "/pattern/flags"; the g and y flags are dropped because they make
 * RegExp.test stateful.
 */
export const compileCustomRule = (rule: string): RegExp | null => {
  if (rule.trim() === '') return null;
  const literal = /^\/(.+)\/([a-z]*)$/s.exec(rule);
  const pattern = literal ? literal[1]! : rule;
  const flags = literal ? literal[2]!.replace(/[gy]/g, '') : '';
  try {
    return new RegExp(pattern, flags);
  } catch {
    return null;
  }
};

/** Splits weakPasswordSetting on commas (ASCII or full-width), semicolons and whitespace. */
export const parseWeakPasswords = (setting: string): string[] => [
  ...new Set(
    setting
      .split(/[\s,，;；]+/)
      .map((entry) => entry.toLowerCase())
      .filter((entry) => entry !== ''),
  ),
];

const clampMinLength = (minLength: number): number =>
  Number.isFinite(minLength) ? Math.min(Math.max(Math.trunc(minLength), 1), PASSWORD_MAX_LENGTH) : 1;

export const policyFromConfig = (
  config: Pick<LoginConfig, 'pwdRuleType' | 'pwdRule' | 'pwdMinLength' | 'weakPasswordSetting'>,
): PasswordPolicy => ({
  ruleType: config.pwdRuleType,
  customRule: config.pwdRule,
  minLength: clampMinLength(config.pwdMinLength),
  weakPasswords: parseWeakPasswords(config.weakPasswordSetting),
});

const codePointLength = (text: string): number => [...text].length;

export interface CheckPasswordOptions {
  /** When set, the password must differ from it (change password). */
  oldPassword?: string;
  /** When set, the password must not equal it, ignoring case. */
  username?: string;
}

const characterRuleFailure = (password: string, ruleType: number | undefined): string | null => {
  const characterRule = ruleType === undefined ? undefined : CHARACTER_RULES[ruleType];
  return characterRule && !characterRule.test(password) ? `密码须包含${characterRule.requirement}` : null;
};

/** The composition check of the rule type; null when it passes. */
const ruleFailure = (password: string, policy: PasswordPolicy): string | null => {
  if (policy.ruleType === CUSTOM_RULE_TYPE) {
    const rule = compileCustomRule(policy.customRule);
    if (rule && !rule.test(password)) return PASSWORD_MESSAGES.customRuleFailed;
    return characterRuleFailure(password, policy.alsoRuleType);
  }
  return characterRuleFailure(password, policy.ruleType);
};

type CharacterClass = 'upper' | 'lower' | 'letter' | 'digit' | 'special';
const RULE_CLASSES: Readonly<Record<number, readonly CharacterClass[]>> = {
  3: ['letter', 'digit'],
  1: ['upper', 'lower', 'digit'],
  2: ['letter', 'digit', 'special'],
  5: ['upper', 'lower', 'digit', 'special'],
};
const covers = (ruleType: number, wanted: ReadonlySet<CharacterClass>): boolean => {
  const classes = RULE_CLASSES[ruleType] ?? [];
  return [...wanted].every(
    (c) =>
      classes.includes(c) || (c === 'letter' && (classes.includes('upper') || classes.includes('lower'))),
  );
};

/**
 * Whether a tenant's character rule asks for at least what the floor's asks for (issue 13's policy
 * page refuses one that does not). A tenant's own regex (4) is no character rule: the floor's rule is
 * checked beside it at every change, so it never falls below.
 */
export const ruleTypeMeetsFloor = (ruleType: number, floorRuleType: number): boolean => {
  const floorClasses = RULE_CLASSES[floorRuleType];
  if (!floorClasses || ruleType === CUSTOM_RULE_TYPE) return true;
  return covers(ruleType, new Set(floorClasses));
};

/**
 * A tenant's policy held within the platform's floor (issue 12): at least the floor's length, and the
 * weakest character rule that asks for every class either one asks for (1 and 2 together make 5).
 * A tenant's own regex (type 4) stays and the floor's rule is checked beside it.
 */
export const holdPolicyToFloor = (
  policy: PasswordPolicy,
  floor: { ruleType: number; minLength: number },
): PasswordPolicy => {
  const minLength = Math.max(clampMinLength(policy.minLength), clampMinLength(floor.minLength));
  const floorClasses = RULE_CLASSES[floor.ruleType];
  if (!floorClasses) return { ...policy, minLength };
  if (policy.ruleType === CUSTOM_RULE_TYPE) return { ...policy, minLength, alsoRuleType: floor.ruleType };
  const wanted = new Set<CharacterClass>([...floorClasses, ...(RULE_CLASSES[policy.ruleType] ?? [])]);
  const ruleType = [3, 1, 2, 5].find((type) => covers(type, wanted)) ?? 5;
  return { ...policy, minLength, ruleType };
};

/**
 * Null when the password is acceptable, otherwise the one message to show. Order: empty, same as
 * old, too long, too short, surrounding spaces, rule type, same as username, weak list.
 */
export const checkPassword = (
  password: string,
  policy: PasswordPolicy,
  options: CheckPasswordOptions = {},
): string | null => {
  if (password === '') return PASSWORD_MESSAGES.empty;
  if (options.oldPassword !== undefined && password === options.oldPassword)
    return PASSWORD_MESSAGES.sameAsOld;
  const length = codePointLength(password);
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  const minLength = clampMinLength(policy.minLength);
  if (length < minLength) return passwordTooShortMessage(minLength);
  if (password.trim() !== password) return PASSWORD_MESSAGES.surroundingSpaces;
  const failure = ruleFailure(password, policy);
  if (failure) return failure;
  const lowered = password.toLowerCase();
  if (options.username && lowered === options.username.trim().toLowerCase()) {
    return PASSWORD_MESSAGES.sameAsUsername;
  }
  if (policy.weakPasswords.some((weak) => weak.toLowerCase() === lowered)) return PASSWORD_MESSAGES.weak;
  return null;
};

/** The hint beside a password field, e.g. "8-64位，须包含字母和数字". */
export const describePolicy = (policy: PasswordPolicy): string => {
  const minLength = clampMinLength(policy.minLength);
  const length =
    minLength === PASSWORD_MAX_LENGTH ? `${minLength}位` : `${minLength}-${PASSWORD_MAX_LENGTH}位`;
  if (policy.ruleType === CUSTOM_RULE_TYPE) {
    return compileCustomRule(policy.customRule) ? `${length}，须符合密码规则` : length;
  }
  const characterRule = CHARACTER_RULES[policy.ruleType];
  return characterRule ? `${length}，须包含${characterRule.requirement}` : length;
};

export interface ChangePasswordInput {
  /** Old password. */
  opwd: string;
  /** New password. */
  npwd: string;
  /** Confirmation of the new password. */
  rpwd: string;
}

/** The change-password dialog's checks in the spec's order; null when the form may be sent. */
export const validateChangePassword = (
  { opwd, npwd, rpwd }: ChangePasswordInput,
  policy: PasswordPolicy,
  options: Pick<CheckPasswordOptions, 'username'> = {},
): string | null => {
  if (opwd === '') return PASSWORD_MESSAGES.oldEmpty;
  if (npwd === '') return PASSWORD_MESSAGES.newEmpty;
  const failure = checkPassword(npwd, policy, { ...options, oldPassword: opwd });
  if (failure) return failure;
  if (rpwd === '') return PASSWORD_MESSAGES.confirmEmpty;
  if (rpwd !== npwd) return PASSWORD_MESSAGES.confirmMismatch;
  return null;
};
