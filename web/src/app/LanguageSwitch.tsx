import { GlobalOutlined } from '@ant-design/icons';
import { changeLanguage, useLanguage } from '../i18n';
import { useLocalizedTexts } from '../i18n/texts';
import { appTexts } from './app-texts';
import './language-switch.css';

/**
 * Toggles between the two supported languages; the choice is remembered in local storage. A plain
 * button styled like antd's text button: the shell draws its header before antd has loaded.
 */
export const LanguageSwitch = ({
  className,
  onSwitched,
}: {
  className?: string;
  onSwitched?: () => void;
}) => {
  const texts = useLocalizedTexts(appTexts).common;
  const next = useLanguage() === 'en-US' ? 'zh-CN' : 'en-US';
  const nextName = next === 'en-US' ? 'English' : '中文';
  return (
    <button
      type="button"
      className={`language-switch${className ? ` ${className}` : ''}`}
      // The name contains the visible text, so speech input ("click English") finds the button.
      aria-label={`${texts.switchLanguage} ${nextName}`}
      title={texts.switchLanguage}
      onClick={() => {
        changeLanguage(next);
        onSwitched?.();
      }}
    >
      <GlobalOutlined />
      <span className="language-switch__label">{nextName}</span>
    </button>
  );
};
