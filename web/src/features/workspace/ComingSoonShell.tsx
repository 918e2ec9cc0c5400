import { AppstoreOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import type { CurrentUser } from '@uniwim/contracts/client';
import { Button } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../app/LanguageSwitch';
import { displayNameOf } from '../session/current-user';
import './workspace.css';

interface ComingSoonShellProps {
  /** Page heading and document title. */
  titleKey: 'workspace.title' | 'workspace.adminTitle' | 'workspace.pageTitle' | 'workspace.mobileTitle';
  /** Where "back to sign-in" goes; relative to the page. */
  loginHref: string;
  /** Extra detail, such as the route a frame was asked to show. */
  detail?: string;
  /** The signed-in user; with it the header shows the name and a logout button. */
  session?: { user: CurrentUser; logout: () => void };
}

/** Stand-in for the shell pages until the menu tree and frames are built. */
export const ComingSoonShell = ({ titleKey, loginHref, detail, session }: ComingSoonShellProps) => {
  const { t } = useTranslation();
  const title = t(titleKey);
  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <div className="workspace-shell" data-testid="workspace-shell">
      <header className="workspace-shell__header">
        <span className="workspace-shell__brand">
          <AppstoreOutlined /> {title}
        </span>
        <span className="workspace-shell__actions">
          <LanguageSwitch />
          {session ? (
            <>
              <span className="workspace-shell__user" data-testid="current-user-name">
                <UserOutlined /> {displayNameOf(session.user)}
              </span>
              <Button type="text" icon={<LogoutOutlined />} data-testid="logout" onClick={session.logout}>
                {t('session.logout')}
              </Button>
            </>
          ) : (
            <Button type="link" href={loginHref}>
              {t('common.backToLogin')}
            </Button>
          )}
        </span>
      </header>
      <main className="workspace-shell__body">
        <div className="workspace-shell__card">
          <AppstoreOutlined className="workspace-shell__icon" />
          <h1>{t('workspace.comingSoon')}</h1>
          <p>{t('workspace.comingSoonHint')}</p>
          {detail && <code className="workspace-shell__detail">{detail}</code>}
        </div>
      </main>
    </div>
  );
};
