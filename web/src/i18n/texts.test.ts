import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalStorageKeys } from '../lib/storage-keys';
import { changeLanguage, currentLanguage, detectLanguage, followStoredLanguage, initLanguage } from './index';
import { type LocalizedTexts, textsIn } from './texts';

const texts: LocalizedTexts<{ hello: string; sent: (seconds: string) => string }> = {
  'zh-CN': { hello: '你好', sent: (seconds) => `已发送，${seconds}秒` },
  'en-US': { hello: 'Hello', sent: (seconds) => `Sent, ${seconds}s` },
};

describe('the page language', () => {
  let stored: Record<string, string>;
  const html = { lang: '' };

  beforeEach(() => {
    stored = {};
    vi.stubGlobal('location', { search: '' });
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => stored[key] ?? null,
      setItem: (key: string, value: string) => {
        stored[key] = value;
      },
    });
    vi.stubGlobal('document', { documentElement: html });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is detected from ?lang= first, then the stored preference, else Chinese', () => {
    expect(detectLanguage()).toBe('zh-CN');
    stored[LocalStorageKeys.language] = 'en-US';
    expect(detectLanguage()).toBe('en-US');
    vi.stubGlobal('location', { search: '?lang=zh' });
    expect(detectLanguage()).toBe('zh-CN');
  });

  it('is set on the document at start-up, and a change is stored and shown', () => {
    vi.stubGlobal('location', { search: '?lang=en' });
    expect(initLanguage()).toBe('en-US');
    expect(html.lang).toBe('en-US');
    expect(textsIn(texts).hello).toBe('Hello');

    changeLanguage('zh-CN');
    expect(currentLanguage()).toBe('zh-CN');
    expect(html.lang).toBe('zh-CN');
    expect(stored[LocalStorageKeys.language]).toBe('zh-CN');
    expect(textsIn(texts).sent('05')).toBe('已发送，05秒');
  });

  it('follows a choice another page of the origin stored (issue 25: a framed page kept its old language)', () => {
    initLanguage('zh-CN');
    // What the browser sends a framed page when the shell around it switches the language.
    followStoredLanguage({ key: LocalStorageKeys.language, newValue: 'en-US' });
    expect(currentLanguage()).toBe('en-US');
    expect(html.lang).toBe('en-US');
    expect(textsIn(texts).hello).toBe('Hello');
    // Other keys, and values that are no language, change nothing.
    followStoredLanguage({ key: 'UniWimAuthorization', newValue: 'zh-CN' });
    followStoredLanguage({ key: LocalStorageKeys.language, newValue: 'fr' });
    expect(currentLanguage()).toBe('en-US');
  });

  it('picks texts by an explicit language too', () => {
    expect(textsIn(texts, 'en-US').sent('09')).toBe('Sent, 09s');
    expect(textsIn(texts, 'zh-CN').hello).toBe('你好');
  });
});
