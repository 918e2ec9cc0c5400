import type { LoginTexts } from './login-texts';

/** What the account-and-password form holds (spec section 3, "Login form"). */
export interface AccountFormValues {
  tenantName: string;
  account: string;
  password: string;
  /** The captcha answer (vali). */
  captcha: string;
  remember: boolean;
}

export type RequiredAccountField = 'account' | 'password' | 'captcha';

export type AccountFormCheck =
  | { ok: true; values: AccountFormValues }
  /** messageKey: the message in loginTexts.errors. */
  | { ok: false; missing: RequiredAccountField[]; messageKey: keyof LoginTexts['errors'] & 'required' };

export const emptyAccountForm = (account = '', remember = false): AccountFormValues => ({
  tenantName: '',
  account,
  password: '',
  captcha: '',
  remember,
});

/**
 * Spec section 5 "Login form": inputs are trimmed; account, password and (when shown) the captcha
 * are required, and any of them missing gives the one message "请检查必填项".
 */
export const checkAccountForm = (
  values: AccountFormValues,
  options: { captchaShown: boolean },
): AccountFormCheck => {
  const trimmed: AccountFormValues = {
    tenantName: values.tenantName.trim(),
    account: values.account.trim(),
    password: values.password.trim(),
    captcha: options.captchaShown ? values.captcha.trim() : '',
    remember: values.remember,
  };
  const missing: RequiredAccountField[] = [];
  if (trimmed.account === '') missing.push('account');
  if (trimmed.password === '') missing.push('password');
  if (options.captchaShown && trimmed.captcha === '') missing.push('captcha');
  return missing.length > 0 ? { ok: false, missing, messageKey: 'required' } : { ok: true, values: trimmed };
};
