import { MobileOutlined, QrcodeOutlined, UserOutlined } from '@ant-design/icons';
import { type LoginConfig, type LoginType, parseLoginTypes } from '@uniwim/contracts/client';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountLoginForm } from './AccountLoginForm';
import { AppDownloadPopover } from './AppDownloadPopover';
import { LoginModeTabs } from './LoginModeTabs';
import { RegisterPlaceholder } from './RegisterPlaceholder';

type SignInMode = Exclude<LoginType, '-1'>;
/** The sign-in modes plus -1, registration (spec section 2, "Login panel"). */
type PanelMode = SignInMode | '-1';

const modeIcons: Record<SignInMode, ReactNode> = {
  '1-1': <UserOutlined />,
  '1-2': <QrcodeOutlined />,
  '1-3': <MobileOutlined />,
};

const isSignInMode = (type: LoginType): type is SignInMode => type !== '-1';

/** QR code and SMS sign-in arrive in later releases. */
const ComingSoon = ({ mode }: { mode: Exclude<SignInMode, '1-1'> }) => {
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

const ModeBody = ({ mode, config }: { mode: SignInMode; config: LoginConfig }) =>
  mode === '1-1' ? <AccountLoginForm config={config} /> : <ComingSoon mode={mode} />;

/**
 * The sign-in card: title, the modes loginAccountType offers (the first one selected), the chosen
 * mode's form, the register link and the "get APP" popover (spec section 2, "Login panel").
 */
export const LoginPanel = ({ config }: { config: LoginConfig }) => {
  const { t } = useTranslation();
  const modes = parseLoginTypes(config.loginAccountType).filter(isSignInMode);
  const initialMode = modes[0] ?? '1-1';
  const [mode, setMode] = useState<PanelMode>(initialMode);

  if (mode === '-1') {
    return (
      <section className="login-panel" data-testid="login-panel" aria-labelledby="login-panel-title">
        <h1 className="login-panel__title" id="login-panel-title">
          {t('login.register.title')}
        </h1>
        <RegisterPlaceholder onBackToLogin={() => setMode(initialMode)} />
      </section>
    );
  }

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
        <ModeBody mode={mode} config={config} />
      </div>
      <div className="login-panel__links">
        <button
          type="button"
          className="login-link"
          data-testid="login-register"
          onClick={() => setMode('-1')}
        >
          {t('login.form.register')}
        </button>
        {config.appDownload === '1' && <AppDownloadPopover pictures={config.appDownloadPic} />}
      </div>
    </section>
  );
};
