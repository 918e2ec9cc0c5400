import { useTranslation } from 'react-i18next';
import { captchaImageUrl } from './captcha-id';

/** Spec section 9: the captcha is 117x32; a click asks for a new one (spec section 7). */
export const CaptchaImage = ({ captchaId, onRefresh }: { captchaId: string; onRefresh: () => void }) => {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="login-captcha"
      title={t('login.form.captchaRefresh')}
      onClick={onRefresh}
    >
      <img
        data-testid="login-captcha"
        src={captchaImageUrl(captchaId)}
        width={117}
        height={32}
        alt={t('login.form.captchaImage')}
      />
    </button>
  );
};
