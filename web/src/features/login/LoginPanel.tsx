import {
  type LoginConfig,
  type LoginResult,
  type LoginType,
  parseLoginTypes,
} from '@uniwim/contracts/client';
import { lazy, Suspense, useState } from 'react';
import { lazyWithAntd } from '../../app/lazy-antd';
import { useLocalizedTexts } from '../../i18n/texts';
import { api } from '../../lib/api';
import { registrationTexts } from '../registration/registration-texts';
import { AccountLoginForm } from './AccountLoginForm';
import { AppDownloadPopover } from './AppDownloadPopover';
import type { CodeStepTarget } from './code-login';
import { browserCompletionEnvironment, completeSignIn } from './complete-sign-in';
import { LoginModeTabs } from './LoginModeTabs';
import { loginTexts } from './login-texts';
import { loginTheme } from './login-theme';

type SignInMode = Exclude<LoginType, '-1'>;

// Not part of the first paint (spec: the account form usually is): each loads when first shown, those
// that use antd together with it (the first frame goes without antd).
const loadPhoneLoginForm = () => import('./PhoneLoginForm').then((module) => module.default);
const PhoneLoginForm = lazyWithAntd(loadPhoneLoginForm, loginTheme);
const CodeStep = lazyWithAntd(() => import('./CodeStep').then((module) => module.default), loginTheme);
const RegistrationView = lazyWithAntd(
  () => import('../registration/RegistrationView').then((module) => module.default),
  loginTheme,
);
const QrLoginPanel = lazy(() => import('../qr-login/QrLoginPanel'));
const ChangePasswordDialog = lazyWithAntd(
  () => import('./ChangePasswordDialog').then((module) => module.default),
  loginTheme,
);

const isSignInMode = (type: LoginType): type is SignInMode => type !== '-1';

const PanelLoading = () => {
  const texts = useLocalizedTexts(loginTexts);
  return (
    <div className="login-panel__loading">
      <span className="spinner" role="status" aria-label={texts.loadingConfig} />
    </div>
  );
};

interface LoginPanelProps {
  config: LoginConfig;
  /** Login type -1: the registration view replaces the sign-in modes. */
  registering: boolean;
  onRegister: () => void;
  onBackToLogin: () => void;
}

/**
 * The sign-in card: title, the modes loginAccountType offers (the first one selected), the chosen
 * mode's form, the register link and the "get APP" popover (spec section 2, "Login panel"). The
 * verification-code step and the registration view take the card's place when they are on.
 */
export const LoginPanel = ({ config, registering, onRegister, onBackToLogin }: LoginPanelProps) => {
  const texts = useLocalizedTexts(loginTexts);
  const registration = useLocalizedTexts(registrationTexts);
  const modes = parseLoginTypes(config.loginAccountType).filter(isSignInMode);
  const initialMode = modes[0] ?? '1-1';
  const [mode, setMode] = useState<SignInMode>(initialMode);
  const [codeStep, setCodeStep] = useState<CodeStepTarget | null>(null);
  const [lastMobile, setLastMobile] = useState('');
  // A QR sign-in whose password must change first: the change dialog's restricted token.
  const [qrPasswordChange, setQrPasswordChange] = useState<string | null>(null);
  // Fetched as soon as the pointer or focus reaches the tabs, so switching rarely shows a loading state;
  // not before: the first paint's script budget counts whatever the page loads on its own.
  const prefetchModes = () => {
    if (modes.includes('1-3')) void loadPhoneLoginForm();
  };

  if (registering) {
    return (
      <section className="login-panel" data-testid="login-panel" aria-labelledby="login-panel-title">
        <h1 className="login-panel__title" id="login-panel-title">
          {registration.title}
        </h1>
        <Suspense fallback={<PanelLoading />}>
          <RegistrationView config={config} onBackToLogin={onBackToLogin} />
        </Suspense>
      </section>
    );
  }

  if (codeStep) {
    return (
      <section className="login-panel" data-testid="login-panel" aria-labelledby="login-panel-title">
        <Suspense fallback={<PanelLoading />}>
          <CodeStep target={codeStep} config={config} onBack={() => setCodeStep(null)} />
        </Suspense>
      </section>
    );
  }

  const openCodeStep = (target: CodeStepTarget) => {
    if (target.kind === 'sms') setLastMobile(target.mobile);
    setCodeStep(target);
  };

  return (
    <section className="login-panel" data-testid="login-panel" aria-labelledby="login-panel-title">
      <h1 className="login-panel__title" id="login-panel-title">
        {config.title}
      </h1>
      <div onPointerEnter={prefetchModes} onFocus={prefetchModes}>
        <LoginModeTabs
          tabs={modes.map((key) => ({ key, label: texts.types[key] }))}
          active={mode}
          onChange={setMode}
        />
      </div>
      <div role="tabpanel" className="login-panel__body" aria-label={texts.types[mode]}>
        {mode === '1-1' && <AccountLoginForm config={config} onCodeStep={openCodeStep} />}
        {mode === '1-3' && (
          <Suspense fallback={<PanelLoading />}>
            <PhoneLoginForm initialMobile={lastMobile} onCodeStep={openCodeStep} />
          </Suspense>
        )}
        {mode === '1-2' && (
          <Suspense fallback={<PanelLoading />}>
            <QrLoginPanel
              onBack={() => setMode('1-1')}
              onRegister={onRegister}
              onSignedIn={async (result: LoginResult) => {
                if (result.changePwd) {
                  setQrPasswordChange(result.token);
                  return;
                }
                await completeSignIn(result, { config }, browserCompletionEnvironment(api));
              }}
            />
          </Suspense>
        )}
      </div>
      <div className="login-panel__links">
        {mode !== '1-2' && (
          <button type="button" className="login-link" data-testid="login-register" onClick={onRegister}>
            {texts.form.register}
          </button>
        )}
        {config.appDownload === '1' && <AppDownloadPopover pictures={config.appDownloadPic} />}
      </div>
      <Suspense fallback={null}>
        {qrPasswordChange && (
          <ChangePasswordDialog
            token={qrPasswordChange}
            username=""
            config={config}
            onCancel={() => setQrPasswordChange(null)}
            onChanged={(tokens) => {
              setQrPasswordChange(null);
              void completeSignIn(tokens, { config }, browserCompletionEnvironment(api));
            }}
          />
        )}
      </Suspense>
    </section>
  );
};
