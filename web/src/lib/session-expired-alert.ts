import { Modal } from 'antd';
import { appTexts } from '../app/app-texts';
import { textsIn } from '../i18n/texts';
import { logout } from './logout';
import type { RefreshFailure } from './token-refresh';

/**
 * Spec section 4 "Token refresh failure": an alert titled 提示 that only its OK button dismisses
 * (no close icon, no mask click, no Escape), then logout. Loaded on demand: it brings antd's Modal.
 */
export const alertSessionExpired = (failure: RefreshFailure): void => {
  const texts = textsIn(appTexts).session;
  Modal.warning({
    title: texts.alertTitle,
    content: failure.message ?? texts.refreshFailed,
    okText: texts.ok,
    closable: false,
    maskClosable: false,
    keyboard: false,
    onOk: () => logout({ token: failure.token }),
  });
};
