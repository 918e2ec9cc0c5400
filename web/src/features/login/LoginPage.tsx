import { hidesFullPageBackground, type LoginConfig } from '@uniwim/contracts/client';
import { useState } from 'react';
import { useLocalizedTexts } from '../../i18n/texts';
import { registrationTexts } from '../registration/registration-texts';
import { LoginFooter } from './LoginFooter';
import { LoginHeader } from './LoginHeader';
import { LoginPanel } from './LoginPanel';
import { loginTexts } from './login-texts';
import { useDocumentHead } from './useDocumentHead';
import { useLoginConfig } from './useLoginConfig';
import { useTenantStyleSheet } from './useTenantStyleSheet';
import './login.css';

const LoginLayout = ({ config }: { config: LoginConfig }) => {
  const texts = useLocalizedTexts(loginTexts);
  const toLogin = useLocalizedTexts(registrationTexts).toLogin;
  useDocumentHead(config.title, config.favicon);
  useTenantStyleSheet(config.customCss);
  const showBackground = !hidesFullPageBackground(config) && config.loginBackground !== '';
  const [registering, setRegistering] = useState(false);
  const backToLogin = () => setRegistering(false);

  return (
    <div className={`login-page${showBackground ? ' login-page--with-background' : ''}`}>
      {showBackground && (
        <img className="login-bg" data-testid="login-bg" src={config.loginBackground} alt="" />
      )}
      <LoginHeader config={config} />
      <main className="login-main">
        {config.loginLeftBackground !== '' && (
          <div className="login-showcase">
            {registering ? (
              // Spec section 2, "Registration page": the image also switches back to the login view.
              <button
                type="button"
                className="login-showcase__back"
                data-testid="login-left-image-back"
                title={toLogin}
                onClick={backToLogin}
              >
                <img
                  className="login-showcase__image"
                  data-testid="login-left-image"
                  src={config.loginLeftBackground}
                  alt={toLogin}
                />
              </button>
            ) : (
              <img
                className="login-showcase__image"
                data-testid="login-left-image"
                src={config.loginLeftBackground}
                alt={texts.leftImageAlt}
              />
            )}
          </div>
        )}
        <LoginPanel
          config={config}
          registering={registering}
          onRegister={() => setRegistering(true)}
          onBackToLogin={backToLogin}
        />
      </main>
      <LoginFooter config={config} />
    </div>
  );
};

interface LoginPageProps {
  tenant: string | undefined;
  /** The configuration the entry loaded before rendering; without it the page loads it itself. */
  initialConfig?: LoginConfig;
}

/** The entry page (spec section 2): its whole look comes from the tenant's login configuration. */
export const LoginPage = ({ tenant, initialConfig }: LoginPageProps) => {
  const texts = useLocalizedTexts(loginTexts);
  const { data: config } = useLoginConfig(tenant, initialConfig);
  if (!config) {
    // Short and neutral, so the default look never flashes before the tenant's own.
    return (
      <div className="login-page login-page--loading">
        <span className="spinner" role="status" aria-label={texts.loadingConfig} />
      </div>
    );
  }
  return <LoginLayout config={config} />;
};
