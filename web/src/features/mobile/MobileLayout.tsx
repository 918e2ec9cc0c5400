import { LeftOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '../../app/LanguageSwitch';
import { useLocalizedTexts } from '../../i18n/texts';
import { mobileTexts } from './mobile-texts';
import './mobile.css';

/** A screen of the mobile page: a top bar (with a back button when `onBack`) and the content. */
export const MobilePage = ({
  title,
  onBack,
  backLabel,
  children,
}: {
  title?: string;
  onBack?: () => void;
  backLabel?: string;
  children: ReactNode;
}) => {
  const texts = useLocalizedTexts(mobileTexts);
  return (
    <div className="m-page">
      <header className="m-bar">
        {onBack ? (
          <button type="button" className="m-bar__back" aria-label={backLabel} onClick={onBack}>
            <LeftOutlined />
          </button>
        ) : (
          <span className="m-bar__spacer" />
        )}
        <span className="m-bar__title">{title ?? texts.appTitle}</span>
        <LanguageSwitch className="m-bar__language" />
      </header>
      <main className="m-content">{children}</main>
    </div>
  );
};

export const MobileLoading = () => {
  const texts = useLocalizedTexts(mobileTexts);
  return (
    <div className="m-loading">
      <span className="spinner" role="status" aria-label={texts.loading} />
    </div>
  );
};
