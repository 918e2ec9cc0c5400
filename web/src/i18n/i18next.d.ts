import 'i18next';
import type { Messages } from './zh-CN';

// Typed keys: t('login.types.1-1') is checked against the Chinese resources.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}
