import { LOGIN_LOG_DEVICE_OPTIONS, LOGIN_LOG_MODE_OPTIONS, optionLabelOf } from '@uniwim/contracts/client';
import type { Language } from '../../lib/language';

export type Split = 'mode' | 'device' | 'os' | 'browser' | 'province';

/**
 * A split's key as people read it: modes and device types by the login log's own labels (one list,
 * in contracts: "电脑" where the rows store "desktop"), systems, browsers and regions as they are
 * named, "unknown" in the page's words.
 */
export const splitLabelOf = (split: Split, key: string, language: Language, unknown: string): string => {
  const lang = language === 'en-US' ? 'en' : 'zh';
  if (split === 'mode') return optionLabelOf(LOGIN_LOG_MODE_OPTIONS, key, lang);
  if (split === 'device') return optionLabelOf(LOGIN_LOG_DEVICE_OPTIONS, key, lang);
  return key === 'unknown' ? unknown : key;
};
