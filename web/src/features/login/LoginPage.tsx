import { hidesFullPageBackground, type LoginConfig } from '@uniwim/contracts/client';
import { useTranslation } from 'react-i18next';
import { LoginFooter } from './LoginFooter';
import { LoginHeader } from './LoginHeader';
import { LoginPanel } from './LoginPanel';
import { useDocumentHead } from './useDocumentHead';
import { useLoginConfig } from './useLoginConfig';
import { useTenantStyleSheet } from './useTenantStyleSheet';
import './login.css';

const LoginLayout = ({ config }: { config: LoginConfig }) => {
  const { t } = useTranslation();
  useDocumentHead(config.title, config.favicon);
  useTenantStyleSheet(config.customCss);
  const showBackground = !hidesFullPageBackground(config) && config.loginBackground !== '';

  return (
    <div className={`login-page${showBackground ? ' login-page--with-background' : ''}`}>
      {showBackground && (
        <img className="login-bg" data-testid="login-bg" src={config.loginBackground} alt="" />
      )}
      <LoginHeader config={config} />
      <main className="login-main">
        {config.loginLeftBackground !== '' && (
          <div className="login-showcase">
            <img
              className="login-showcase__image"
              data-testid="login-left-image"
              src={config.loginLeftBackground}
              alt={t('login.leftImageAlt')}
            />
          </div>
        )}
        <LoginPanel config={config} />
      </main>
      <LoginFooter config={config} />
    </div>
  );
};

/** The entry page (spec section 2): its whole look comes from the tenant's login configuration. */
export const LoginPage = ({ tenant }: { tenant: string | undefined }) => {
  const { t } = useTranslation();
  const { data: config } = useLoginConfig(tenant);
  if (!config) {
    // Short and neutral, so the default look never flashes before the tenant's own.
    return (
      <div className="login-page login-page--loading">
        <span className="login-spinner" role="status" aria-label={t('login.loadingConfig')} />
      </div>
    );
  }
  return <LoginLayout config={config} />;
};
