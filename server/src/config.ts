import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SEED_FILE, databaseLocationOf } from './database-location';
import { loadSmsSettings, type SmsSettings, SmsSettingsError } from './platform/sms';
import { SERVER_ROOT } from './server-root';

export { DEFAULT_SEED_FILE };

/** Every setting the server reads, from the environment, validated once at start. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  // Connections to PostgreSQL per instance (default: twice this machine's cores, at least 4). Past
  // the cores there are to run them, more connections only add switching between backends and
  // starve the server's own thread: requests then wait in the pool, which costs nothing.
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(1)
    .max(200)
    .default(() => Math.max(4, 2 * availableParallelism())),
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
  // Files (issue 14): limits, quota and the S3-compatible store several instances share.
  FILES_MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(5 * 1024 * 1024 * 1024)
    .optional(),
  FILES_TENANT_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(5 * 1024 * 1024 * 1024),
  FILES_ORPHAN_GRACE_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 365)
    .default(24),
  S3_ENDPOINT: z.url('must be a URL such as https://s3.example.com').optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name (3-63 lower-case letters, digits, dots, hyphens)',
    )
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_\-/.]*$/, 'must hold letters, digits and _ - / . only')
    .default(''),
  // Issue 16: the hourly log maintenance (partitions ahead, retention, daily rollups); tests turn it off.
  LOG_MAINTENANCE: z
    .enum(['on', 'off'])
    .default('on')
    .transform((v) => v === 'on'),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  databasePoolSize: number;
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
  files: FilesSettings;
  // Issue 16: statistics and retention
  logMaintenance: boolean;
}

/** Where uploaded files live and how much a tenant may keep (issue 14). */
export interface FilesSettings {
  /** Caps every purpose's own limit (FILE_PURPOSE_MAX_BYTES); undefined: the purposes' limits. */
  maxUploadBytes?: number;
  /** A tenant's storage quota unless the platform set one for it. */
  tenantQuotaBytes: number;
  /** Files nothing uses are removed this long after their upload. */
  orphanGraceHours: number;
  /** An S3-compatible bucket instead of DATA_DIR/files. */
  s3?: S3Settings;
}

export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  forcePathStyle: boolean;
  prefix: string;
}

const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** S3 is used when S3_ENDPOINT and S3_BUCKET are set; then its credentials must be set too. */
const s3SettingsOf = (e: z.output<typeof envSchema>): S3Settings | undefined => {
  const given = S3_REQUIRED.filter((name) => e[name] !== undefined);
  if (given.length === 0) return undefined;
  const missing = S3_REQUIRED.filter((name) => e[name] === undefined);
  if (missing.length > 0) {
    throw new ConfigError(`Invalid setting ${missing[0]}: required when ${given.join(', ')} is set`);
  }
  return {
    endpoint: e.S3_ENDPOINT!.replace(/\/+$/, ''),
    bucket: e.S3_BUCKET!,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    region: e.S3_REGION,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    prefix: e.S3_PREFIX.replace(/^\/+|\/+$/g, ''),
  };
};

export class ConfigError extends Error {}

/** Turns the environment into a typed Config, or throws a ConfigError with one clear line. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const value = cleaned[name];
    const shown = /PASSWORD|SECRET/.test(name) || value === undefined ? '' : ` (got "${value}")`;
    throw new ConfigError(`Invalid setting ${name}${shown}: ${issue.message}`);
  }
  const e = parsed.data;
  // The same reading main.ts opens the database with before this module loads.
  const location = databaseLocationOf(cleaned);
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
    dataDir: location.dataDir,
    databaseUrl: location.databaseUrl,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    publicUrl: e.PUBLIC_URL,
    seedFile: location.seedFile,
    seedAdminPassword: e.SEED_ADMIN_PASSWORD,
    smsProvider: e.SMS_PROVIDER,
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    rememberMeTtlSeconds: e.REMEMBER_ME_TTL_SECONDS,
    trustProxy: e.TRUST_PROXY,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(SERVER_ROOT, '..', 'web', 'dist')),
    files: {
      maxUploadBytes: e.FILES_MAX_UPLOAD_BYTES,
      tenantQuotaBytes: e.FILES_TENANT_QUOTA_BYTES,
      orphanGraceHours: e.FILES_ORPHAN_GRACE_HOURS,
      s3: s3SettingsOf(e),
    },
    // Issue 16: statistics and retention
    logMaintenance: e.LOG_MAINTENANCE,
  };
};
