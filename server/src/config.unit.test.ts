import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives working defaults for an empty environment: embedded database, in-memory store', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      smsProvider: 'outbox',
      databaseUrl: undefined,
      redisUrl: undefined,
    });
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.seedFile).toMatch(/server\/seed\/demo\.json$/);
  });

  it('reads and converts every setting', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/var/lib/uniwim',
      DATABASE_URL: 'postgres://u@db:5432/app',
      DATABASE_POOL_SIZE: '4',
      REDIS_URL: 'redis://cache:6379',
      PUBLIC_URL: 'https://cloud.example.com',
      SMS_PROVIDER: 'aliyun',
      ALIYUN_ACCESS_KEY_ID: 'key-id',
      ALIYUN_ACCESS_KEY_SECRET: 'key-secret',
      ALIYUN_SMS_SIGN_NAME: '企业云',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
      TRUST_PROXY: 'true',
      ACCESS_TOKEN_TTL_SECONDS: '600',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/uniwim',
      databaseUrl: 'postgres://u@db:5432/app',
      databasePoolSize: 4,
      redisUrl: 'redis://cache:6379',
      publicUrl: 'https://cloud.example.com',
      smsProvider: 'aliyun',
      trustProxy: true,
      accessTokenTtlSeconds: 600,
    });
  });

  it('sizes the PostgreSQL pool by the cores by default, at least 4', () => {
    expect(loadConfig({}).databasePoolSize).toBeGreaterThanOrEqual(4);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });

  it.each([
    [{ PORT: 'eighty' }, /^Invalid setting PORT \(got "eighty"\): /],
    [{ PORT: '70000' }, /^Invalid setting PORT/],
    [
      { DATABASE_URL: 'mysql://x' },
      /^Invalid setting DATABASE_URL \(got "mysql:\/\/x"\): must start with postgres/,
    ],
    [{ REDIS_URL: 'http://x' }, /^Invalid setting REDIS_URL/],
    [{ DATABASE_POOL_SIZE: '0' }, /^Invalid setting DATABASE_POOL_SIZE/],
    [{ SMS_PROVIDER: 'carrier-pigeon' }, /^Invalid setting SMS_PROVIDER/],
    [{ PUBLIC_URL: 'not a url' }, /^Invalid setting PUBLIC_URL/],
  ])('stops with one clear line for %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('names the missing setting of the chosen SMS provider', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun' })).toThrow(/^Missing setting ALIYUN_ACCESS_KEY_ID/);
  });

  it('never echoes a password it refuses', () => {
    expect(() => loadConfig({ SEED_ADMIN_PASSWORD: 'short' })).toThrow(
      'Invalid setting SEED_ADMIN_PASSWORD: must be at least 8 characters',
    );
  });
});
