import { useTranslation } from 'react-i18next';
import type { Language } from '../../lib/language';
import { useLocalizedTexts } from '../qr-login/localized-texts';
import { adminTexts } from './admin-texts';

/** The admin frame's texts and the page's language (declarations carry their own zh/en words). */
export const useAdminTexts = () => {
  const { i18n } = useTranslation();
  const language = ((i18n.resolvedLanguage ?? i18n.language) === 'en-US' ? 'en-US' : 'zh-CN') as Language;
  return { texts: useLocalizedTexts(adminTexts), language };
};
