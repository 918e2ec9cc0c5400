import { GlobalOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n';

/** Toggles between the two supported languages; the choice is remembered in local storage. */
export const LanguageSwitch = ({ className }: { className?: string }) => {
  const { t, i18n } = useTranslation();
  const next = i18n.language === 'en-US' ? 'zh-CN' : 'en-US';
  return (
    <Button
      className={className}
      type="text"
      icon={<GlobalOutlined />}
      aria-label={t('common.switchLanguage')}
      onClick={() => void changeLanguage(next)}
    >
      {next === 'en-US' ? 'English' : '中文'}
    </Button>
  );
};
