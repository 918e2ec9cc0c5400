import { Button, Result } from 'antd';
import type { HomeTexts } from './home-texts';

/** The home and the workbench are a member's: a visitor is asked to sign in, and nothing is requested. */
export const SignInFirst = ({ texts }: { texts: HomeTexts }) => (
  <Result
    data-testid="home-sign-in"
    status="info"
    title={texts.signInFirst}
    subTitle={texts.signInHint}
    extra={
      <Button type="primary" href="login.html" target="_top">
        {texts.signIn}
      </Button>
    }
  />
);
