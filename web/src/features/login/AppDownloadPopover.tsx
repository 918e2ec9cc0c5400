import { MobileOutlined } from '@ant-design/icons';
import { useLocalizedTexts } from '../../i18n/texts';
import { loginTexts } from './login-texts';

export const parseAppDownloadPictures = (value: string): string[] =>
  value
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url !== '');

/**
 * The "get APP" hover popover (spec section 2) with the configured download pictures. Plain CSS
 * hover and focus rather than antd's Popover, whose positioning engine would cost the sign-in page
 * a noticeable part of its script budget.
 */
export const AppDownloadPopover = ({ pictures }: { pictures: string }) => {
  const texts = useLocalizedTexts(loginTexts).form;
  const urls = parseAppDownloadPictures(pictures);
  return (
    <span className="login-app">
      <button type="button" className="login-link login-app__trigger" data-testid="login-get-app">
        <MobileOutlined /> {texts.getApp}
      </button>
      <span className="login-app__popover" role="tooltip" data-testid="login-app-popover">
        <span className="login-app__pictures">
          {urls.map((url) => (
            <img key={url} className="login-app__picture" src={url} alt={texts.appPicture} />
          ))}
        </span>
        <span className="login-app__hint">{texts.getAppHint}</span>
      </span>
    </span>
  );
};
