import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n';
import './language-switch.css';

/**
 * Toggles between the two supported languages; the choice is remembered in local storage. A plain
 * button styled like antd's text button: the shell draws its header before antd has loaded.
 */
export const LanguageSwitch = ({ className }: { className?: string }) => {
  const { t, i18n } = useTranslation();
  const next = i18n.language === 'en-US' ? 'zh-CN' : 'en-US';
  const nextName = next === 'en-US' ? 'English' : '中文';
  return (
    <button
      type="button"
      className={`language-switch${className ? ` ${className}` : ''}`}
      // The name contains the visible text, so speech input ("click English") finds the button.
      aria-label={`${t('common.switchLanguage')} ${nextName}`}
      title={t('common.switchLanguage')}
      onClick={() => void changeLanguage(next)}
    >
      <GlobalOutlined />
      <span>{nextName}</span>
    </button>
  );
};
