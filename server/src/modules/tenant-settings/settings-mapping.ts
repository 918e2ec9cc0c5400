import {
  LOGIN_CONFIG_DEFAULTS,
  type LoginConfig,
  PRIVATE_POLICY_FIELDS,
  TENANT_PRIVATE_POLICY_DEFAULTS,
  TENANT_SIGN_IN_LOOK_FIELDS,
  type TenantPrivatePolicy,
  type TenantSecurityPolicy,
  type TenantSignInLook,
  tenantSecurityPolicySchema,
  tenantSignInLookSchema,
} from '@uniwim/contracts';
import type { z } from 'zod';

/**
 * Where each part of a tenant's settings lives: the look and the public half of the security policy
 * in the tenant's login configuration override (GET /ump/cfg-encrypt serves it, sign-in reads it),
 * two-factor on the tenant, the rest in tenant_security_policies. Pure: read and written both ways.
 */

/** Security fields that are part of the public login configuration (the strings it stores as text). */
const LOGIN_CONFIG_POLICY_FIELDS = [
  'pwdRuleType',
  'pwdRule',
  'pwdMinLength',
  'weakPasswordSetting',
  'lockingIsOpen',
  'loginCountMax',
  'loginTimeSpan',
  'loginTime',
  'showVctCode',
  'forcePasswordChange',
] as const;
const STORED_AS_TEXT = new Set(['loginCountMax', 'loginTimeSpan', 'loginTime']);

/** A field kept when it still validates, else the fallback: an old or hand-edited value never breaks the page. */
const fieldOr = <T>(schema: z.ZodType<T>, value: unknown, fallback: T): T => {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : fallback;
};

export const lookOf = (effective: LoginConfig): TenantSignInLook => {
  const shape = tenantSignInLookSchema.shape as Record<string, z.ZodType>;
  const look: Record<string, unknown> = {};
  for (const field of TENANT_SIGN_IN_LOOK_FIELDS) {
    const value = (effective as Record<string, unknown>)[field];
    const fallback = (LOGIN_CONFIG_DEFAULTS as Record<string, unknown>)[field];
    look[field] = fieldOr(shape[field]!, value, structuredClone(fieldOr(shape[field]!, fallback, value)));
  }
  return look as TenantSignInLook;
};

export const securityOf = (
  effective: LoginConfig,
  twoFactorRequired: boolean,
  storedPrivate: Record<string, unknown>,
): TenantSecurityPolicy => {
  const shape = tenantSecurityPolicySchema.shape as Record<string, z.ZodType>;
  const policy: Record<string, unknown> = { twoFactorRequired };
  for (const field of LOGIN_CONFIG_POLICY_FIELDS) {
    const raw = (effective as Record<string, unknown>)[field];
    const fallback = (LOGIN_CONFIG_DEFAULTS as Record<string, unknown>)[field];
    const value = STORED_AS_TEXT.has(field) ? Number(raw) : raw;
    const defaultValue = STORED_AS_TEXT.has(field) ? Number(fallback) : fallback;
    policy[field] = fieldOr(shape[field]!, value, defaultValue);
  }
  for (const field of PRIVATE_POLICY_FIELDS)
    policy[field] = fieldOr(shape[field]!, storedPrivate[field], TENANT_PRIVATE_POLICY_DEFAULTS[field]);
  return policy as TenantSecurityPolicy;
};

/** The private half of a stored policy, defaults where nothing valid is stored. */
export const privatePolicyOf = (storedPrivate: Record<string, unknown>): TenantPrivatePolicy => {
  const shape = tenantSecurityPolicySchema.shape as Record<string, z.ZodType>;
  const policy: Record<string, unknown> = {};
  for (const field of PRIVATE_POLICY_FIELDS)
    policy[field] = fieldOr(shape[field]!, storedPrivate[field], TENANT_PRIVATE_POLICY_DEFAULTS[field]);
  return policy as TenantPrivatePolicy;
};

/** The login configuration override after a save of the look and/or the security policy. */
export const overrideWith = (
  stored: Record<string, unknown>,
  look: TenantSignInLook | undefined,
  security: TenantSecurityPolicy | undefined,
): Record<string, unknown> => {
  const next: Record<string, unknown> = { ...stored, ...(look ?? {}) };
  if (security)
    for (const field of LOGIN_CONFIG_POLICY_FIELDS)
      next[field] = STORED_AS_TEXT.has(field) ? String(security[field]) : security[field];
  return next;
};

export const privatePartOf = (security: TenantSecurityPolicy): TenantPrivatePolicy =>
  Object.fromEntries(PRIVATE_POLICY_FIELDS.map((field) => [field, security[field]])) as TenantPrivatePolicy;
