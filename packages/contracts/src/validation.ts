/** Mainland mobile number (spec section 5): 11 digits, 1 then 3-9. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const MOBILE_MAX_LENGTH = 11;
export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_VALID_MINUTES = 5;
export const SMS_RESEND_SECONDS = 60;

export const isValidMobile = (value: string): boolean => MOBILE_PATTERN.test(value.trim());
