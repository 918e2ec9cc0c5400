import { MobileOutlined, QrcodeOutlined, UserOutlined } from '@ant-design/icons';
import { type LoginConfig, type LoginType, parseLoginTypes } from '@uniwim/contracts/client';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginModeTabs } from './LoginModeTabs';

type SignInMode = Exclude<LoginType, '-1'>;

const modeIcons: Record<SignInMode, ReactNode> = {
  '1-1': <UserOutlined />,
  '1-2': <QrcodeOutlined />,
  '1-3': <MobileOutlined />,
};

const isSignInMode = (type: LoginType): type is SignInMode => type !== '-1';

const ComingSoon = ({ mode }: { mode: SignInMode }) => {
  const { t } = useTranslation();
  return (
    <div className="login-panel__placeholder">
      <span className="login-panel__placeholder-icon" aria-hidden>
        {modeIcons[mode]}
      </span>
      <p className="login-panel__placeholder-title">{t(`login.comingSoon.${mode}`)}</p>
      <p className="login-panel__placeholder-hint">{t('login.comingSoonHint')}</p>
    </div>
  );
};

/**
 * The sign-in card: title and the modes loginAccountType offers, the first one selected (spec
 * section 2, "Login panel"). A placeholder until the sign-in forms are built; it is its own
 * component so they can replace it without touching the page.
 */
export const LoginPanel = ({ config }: { config: LoginConfig }) => {
  const { t } = useTranslation();
  const modes = parseLoginTypes(config.loginAccountType).filter(isSignInMode);
  const [mode, setMode] = useState<SignInMode>(modes[0] ?? '1-1');
  return (
    <section className="login-panel" data-testid="login-panel" aria-labelledby="login-panel-title">
      <h1 className="login-panel__title" id="login-panel-title">
        {config.title}
      </h1>
      <LoginModeTabs
        tabs={modes.map((key) => ({ key, label: t(`login.types.${key}`) }))}
        active={mode}
        onChange={setMode}
      />
      <div role="tabpanel" className="login-panel__body" aria-label={t(`login.types.${mode}`)}>
        <ComingSoon mode={mode} />
      </div>
    </section>
  );
};
