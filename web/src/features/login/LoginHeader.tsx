import { CloudOutlined } from '@ant-design/icons';
import type { LoginConfig } from '@uniwim/contracts/client';
import { LanguageSwitch } from '../../app/LanguageSwitch';
import { useLocalizedTexts } from '../../i18n/texts';
import { loginTexts } from './login-texts';

/** The header logo goes to index.html (spec section 2, "Entry page"). */
export const LoginHeader = ({ config }: { config: LoginConfig }) => {
  const texts = useLocalizedTexts(loginTexts);
  return (
    <header className="login-header">
      <a className="login-logo" href="index.html" data-testid="login-logo" title={texts.logoAlt}>
        {config.logo ? (
          <img className="login-logo__image" src={config.logo} alt={config.title} fetchPriority="high" />
        ) : (
          // Without a configured logo the product still needs a recognisable mark.
          <span className="login-logo__wordmark">
            <CloudOutlined className="login-logo__icon" />
            <span>{config.title}</span>
          </span>
        )}
      </a>
      <LanguageSwitch className="login-header__language" />
    </header>
  );
};
