import { LogoutOutlined, ScanOutlined, UserOutlined } from '@ant-design/icons';
import type { CurrentUser } from '@uniwim/contracts/client';
import { Button } from 'antd';
import { useLocalizedTexts } from '../../i18n/texts';
import { displayNameOf } from '../session/current-user';
import { goTo, MobileRoutes } from './hash-route';
import { MobileApps } from './MobileApps';
import { MobileInbox } from './MobileInbox';
import { MobilePage } from './MobileLayout';
import { mobileTexts } from './mobile-texts';

/**
 * After sign-in: who is signed in, the scan entry, the notices, to-dos and messages with their
 * counts, the user's applications (issue 25) and logout.
 */
export const MobileHome = ({ user, onLogout }: { user: CurrentUser; onLogout: () => void }) => {
  const texts = useLocalizedTexts(mobileTexts);
  return (
    <MobilePage>
      <section className="m-profile" data-testid="mobile-profile">
        <span className="m-profile__avatar" aria-hidden>
          <UserOutlined />
        </span>
        <span className="m-profile__text">
          <span className="m-profile__name" data-testid="mobile-user-name">
            {displayNameOf(user)}
          </span>
          <span className="m-profile__tenant" data-testid="mobile-user-tenant">
            {texts.home.tenant(user.tenantName ?? texts.home.platform)}
          </span>
        </span>
      </section>
      <button
        type="button"
        className="m-scan-entry"
        data-testid="mobile-scan"
        onClick={() => goTo(MobileRoutes.scan)}
      >
        <ScanOutlined className="m-scan-entry__icon" />
        <span className="m-scan-entry__label">{texts.home.scan}</span>
        <span className="m-scan-entry__hint">{texts.home.scanHint}</span>
      </button>
      <MobileInbox />
      <MobileApps user={user} />
      <Button
        size="large"
        block
        danger
        icon={<LogoutOutlined />}
        data-testid="mobile-logout"
        onClick={onLogout}
      >
        {texts.home.logout}
      </Button>
    </MobilePage>
  );
};
