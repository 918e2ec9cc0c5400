import { useLocalizedTexts } from '../../i18n/texts';
import { captchaImageUrl } from './captcha-id';
import { loginTexts } from './login-texts';

/** Spec section 9: the captcha is 117x32; a click asks for a new one (spec section 7). */
export const CaptchaImage = ({ captchaId, onRefresh }: { captchaId: string; onRefresh: () => void }) => {
  const texts = useLocalizedTexts(loginTexts).form;
  return (
    <button type="button" className="login-captcha" title={texts.captchaRefresh} onClick={onRefresh}>
      <img
        data-testid="login-captcha"
        src={captchaImageUrl(captchaId)}
        width={117}
        height={32}
        alt={texts.captchaImage}
      />
    </button>
  );
};
