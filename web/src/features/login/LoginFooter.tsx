import { type LoginConfig, showsCopyrightOnLogin } from '@uniwim/contracts/client';

/** Copyright shows on the sign-in page only when copyrightPosition contains "0". */
export const LoginFooter = ({ config }: { config: LoginConfig }) => {
  if (!showsCopyrightOnLogin(config) || config.copyright === '') return null;
  return (
    <footer className="login-footer">
      <span data-testid="login-copyright">{config.copyright}</span>
    </footer>
  );
};
