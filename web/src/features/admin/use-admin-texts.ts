import { useLanguage } from '../../i18n';
import { useLocalizedTexts } from '../../i18n/texts';
import { adminTexts } from './admin-texts';

/** The admin frame's texts and the page's language (declarations carry their own zh/en words). */
export const useAdminTexts = () => ({ texts: useLocalizedTexts(adminTexts), language: useLanguage() });
