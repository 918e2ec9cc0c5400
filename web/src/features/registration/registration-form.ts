import { isValidMobile, MOBILE_MAX_LENGTH, type RegistrationData } from '@uniwim/contracts/client';
import type { ValidationKey } from '../../app/validation-texts';

/** What the registration form holds (spec section 3, "Registration form"). */
export interface RegistrationValues {
  /** The company as typed or chosen. */
  tenantName: string;
  /** Set only by choosing a suggestion. */
  tenantId: string | null;
  username: string;
  mobile: string;
  password: string;
  /** rpwd */
  confirmPassword: string;
  code: string;
}

export type RegistrationField = Exclude<keyof RegistrationValues, 'tenantId'>;

/** Keys of validationTexts. */
export type RegistrationMessage = Extract<
  ValidationKey,
  | 'companyRequired'
  | 'usernameRequired'
  | 'usernameInvalid'
  | 'mobileRequired'
  | 'mobileInvalid'
  | 'passwordRequired'
  | 'confirmRequired'
  | 'confirmEmpty'
  | 'confirmMismatch'
  | 'codeRequired'
>;

/** The server's rule: 3-32 letters, digits, . _ - starting with a letter or digit. */
export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{2,31}$/;

/** The fields in the order they are checked and shown. */
export const REGISTRATION_FIELDS: readonly RegistrationField[] = [
  'tenantName',
  'username',
  'mobile',
  'password',
  'confirmPassword',
  'code',
];

export const emptyRegistration = (): RegistrationValues => ({
  tenantName: '',
  tenantId: null,
  username: '',
  mobile: '',
  password: '',
  confirmPassword: '',
  code: '',
});

/**
 * Every rule a field breaks, in the spec's order (section 5, "Register"): username "请输入用户名";
 * mobile "请输入手机号", then valid and 11 characters at most "手机号有误"; password "请输入密码";
 * confirmation "请输入确认密码" and, from its own check, "请再次输入密码" when empty or
 * "两次输入密码不一致!" when different; SMS code "请输入手机验证码". The company must be chosen
 * from the suggestions, and the username follow the server's rule: our additions.
 */
export const registrationFieldMessages = (
  values: RegistrationValues,
): Record<RegistrationField, RegistrationMessage[]> => {
  const username = values.username.trim();
  const mobile = values.mobile.trim();
  return {
    tenantName: values.tenantId ? [] : ['companyRequired'],
    username:
      username === '' ? ['usernameRequired'] : USERNAME_PATTERN.test(username) ? [] : ['usernameInvalid'],
    mobile:
      mobile === ''
        ? ['mobileRequired']
        : mobile.length > MOBILE_MAX_LENGTH || !isValidMobile(mobile)
          ? ['mobileInvalid']
          : [],
    password: values.password === '' ? ['passwordRequired'] : [],
    confirmPassword:
      values.confirmPassword === ''
        ? ['confirmRequired', 'confirmEmpty']
        : values.confirmPassword === values.password
          ? []
          : ['confirmMismatch'],
    code: values.code.trim() === '' ? ['codeRequired'] : [],
  };
};

export interface FieldError {
  field: RegistrationField;
  /** The first rule the field breaks: what shows under it. */
  messageKey: RegistrationMessage;
}

export type RegistrationCheck =
  /** The password is still the typed one: submitRegistration encrypts it. */
  | { ok: true; data: RegistrationData }
  /** Any failure also gives the form's one message "请检查必填项". */
  | { ok: false; errors: FieldError[]; messageKey: Extract<ValidationKey, 'formInvalid'> };

/** The form's check before sending: mobile, code and username trimmed; the password as typed. */
export const checkRegistration = (values: RegistrationValues): RegistrationCheck => {
  const messages = registrationFieldMessages(values);
  const errors = REGISTRATION_FIELDS.flatMap((field) => {
    const [first] = messages[field];
    return first ? [{ field, messageKey: first }] : [];
  });
  if (errors.length > 0 || !values.tenantId) return { ok: false, errors, messageKey: 'formInvalid' };
  return {
    ok: true,
    data: {
      tenantId: values.tenantId,
      username: values.username.trim(),
      mobile: values.mobile.trim(),
      password: values.password,
      code: values.code.trim(),
    },
  };
};
