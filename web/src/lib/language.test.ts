import { describe, expect, it } from 'vitest';
import { normalizeLanguage, resolveLanguage } from './language';

describe('language', () => {
  it('defaults to zh-CN', () => {
    expect(resolveLanguage(null, null)).toBe('zh-CN');
    expect(resolveLanguage('fr', 'de')).toBe('zh-CN');
  });

  it('prefers the query parameter over the stored preference', () => {
    expect(resolveLanguage('en', 'zh-CN')).toBe('en-US');
    expect(resolveLanguage(undefined, 'en-US')).toBe('en-US');
    expect(resolveLanguage('zh_cn', 'en-US')).toBe('zh-CN');
  });

  it('normalises common spellings', () => {
    expect(normalizeLanguage('EN-us')).toBe('en-US');
    expect(normalizeLanguage('zh-TW')).toBe('zh-CN');
    expect(normalizeLanguage('')).toBeNull();
  });
});
