// What browser code may import: no zod schemas here, so pages do not ship a schema library.

export type { LoginData, LoginResult, TokenAnswer } from './auth';
export * from './config-encoding';
export * from './envelope';
export type { ErrorEnvelope } from './envelope-schema';
export * from './errors';
export type { LoginConfig, LoginConfigOverride } from './login-config';
export * from './login-config-values';
export * from './password-policy';
export type { CurrentUser, PublicKeyAnswer, TenantLookup } from './payloads';
export type { VerificationCodeType } from './sms';
export * from './validation';
