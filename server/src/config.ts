import path from 'node:path';
import { z } from 'zod';
import { loadSmsSettings, type SmsSettings, SmsSettingsError } from './platform/sms';
import { SERVER_ROOT } from './server-root';

/** Every setting the server reads, from the environment, validated once at start. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  SEED_FILE: z.string().min(1).optional(),
  SEED_ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SMS_PROVIDER: z.enum(['outbox', 'aliyun', 'tencent', 'webhook']).default('outbox'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(7200),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(300)
    .max(90 * 86_400)
    .default(12 * 3600),
  REMEMBER_ME_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(300)
    .max(90 * 86_400)
    .default(10 * 86_400),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  WEB_DIST_DIR: z.string().min(1).optional(),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  publicUrl?: string;
  seedFile: string;
  seedAdminPassword?: string;
  smsProvider: 'outbox' | 'aliyun' | 'tencent' | 'webhook';
  sms: SmsSettings;
  logLevel: string;
  bodyLimitBytes: number;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  rememberMeTtlSeconds: number;
  trustProxy: boolean;
  webDistDir: string;
}

export class ConfigError extends Error {}

/** The demo seed, loaded into an empty database unless SEED_FILE names another. */
export const DEFAULT_SEED_FILE = path.join(SERVER_ROOT, 'seed', 'demo.json');

/** Turns the environment into a typed Config, or throws a ConfigError with one clear line. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const value = cleaned[name];
    const shown = name.includes('PASSWORD') || value === undefined ? '' : ` (got "${value}")`;
    throw new ConfigError(`Invalid setting ${name}${shown}: ${issue.message}`);
  }
  const e = parsed.data;
  let sms: SmsSettings;
  try {
    sms = loadSmsSettings(cleaned, e.SMS_PROVIDER);
  } catch (error) {
    if (error instanceof SmsSettingsError) throw new ConfigError(error.message);
    throw error;
  }
  return {
    sms,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl: e.PUBLIC_URL,
    seedFile: path.resolve(e.SEED_FILE ?? DEFAULT_SEED_FILE),
    seedAdminPassword: e.SEED_ADMIN_PASSWORD,
    smsProvider: e.SMS_PROVIDER,
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    rememberMeTtlSeconds: e.REMEMBER_ME_TTL_SECONDS,
    trustProxy: e.TRUST_PROXY,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(SERVER_ROOT, '..', 'web', 'dist')),
  };
};
