import { describe, expect, it } from 'vitest';
import { decodeLoginConfig, encodeLoginConfig } from './config-encoding';
import { loginConfigOverrideSchema, loginConfigSchema } from './login-config';
import {
  coerceLoginConfig,
  defaultLoginConfig,
  hidesFullPageBackground,
  parseLoginTypes,
  showsCopyrightOnLogin,
} from './login-config-values';

describe('login configuration', () => {
  it("has the spec's defaults", () => {
    expect(defaultLoginConfig()).toMatchObject({
      tagNum: '8',
      themeConfiguration: 'default',
      globalSearch: '1',
      monitoringCenterIsShow: '1',
      loginAccountType: '1-1,1-3,1-2',
    });
  });

  it('completes a partial configuration with defaults', () => {
    expect(loginConfigSchema.parse({ title: 'X' })).toMatchObject({ title: 'X', tagNum: '8' });
  });

  it('keeps an override partial: no defaults are added to what is stored', () => {
    expect(loginConfigOverrideSchema.parse({ title: 'X' })).toEqual({ title: 'X' });
  });

  it('refuses unknown fields', () => {
    expect(loginConfigOverrideSchema.safeParse({ privateKey: 'x' }).success).toBe(false);
  });

  it('round-trips through the cfg-encrypt encoding, Chinese text included', () => {
    const config = loginConfigSchema.parse({ title: '示范水务集团 · 智慧水务云', copyright: '© 2026' });
    const encoded = encodeLoginConfig(config);
    expect(encoded).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(decodeLoginConfig(encoded)).toEqual(config);
  });
});

describe('coerceLoginConfig', () => {
  it('keeps well-typed fields and replaces the rest with defaults', () => {
    const config = coerceLoginConfig({ title: 'T', tagNum: 9, copyrightPosition: [1], unknown: 'x' });
    expect(config.title).toBe('T');
    expect(config.tagNum).toBe('8');
    expect(config.copyrightPosition).toEqual(['0']);
    expect(config).not.toHaveProperty('unknown');
  });
  it('gives the defaults for anything that is not an object', () => {
    expect(coerceLoginConfig(null)).toEqual(defaultLoginConfig());
    expect(coerceLoginConfig('x')).toEqual(defaultLoginConfig());
  });
  it('agrees with the zod schema on the defaults', () => {
    expect(defaultLoginConfig()).toEqual(loginConfigSchema.parse({}));
  });
});

describe('parseLoginTypes', () => {
  it('keeps known modes in order, first one is the initial mode', () => {
    expect(parseLoginTypes('1-3, 1-1,1-2')).toEqual(['1-3', '1-1', '1-2']);
  });
  it('drops unknown and duplicate entries and falls back to account login', () => {
    expect(parseLoginTypes('9-9,1-3,1-3')).toEqual(['1-3']);
    expect(parseLoginTypes('')).toEqual(['1-1']);
    expect(parseLoginTypes(undefined)).toEqual(['1-1']);
  });
});

describe('entry page rules', () => {
  it('shows the copyright only when copyrightPosition contains "0"', () => {
    expect(showsCopyrightOnLogin({ copyrightPosition: ['1', '0'] })).toBe(true);
    expect(showsCopyrightOnLogin({ copyrightPosition: ['1'] })).toBe(false);
  });
  it('hides the full-page background when loginBgType is "1"', () => {
    expect(hidesFullPageBackground({ loginBgType: '1' })).toBe(true);
    expect(hidesFullPageBackground({ loginBgType: '0' })).toBe(false);
  });
});
