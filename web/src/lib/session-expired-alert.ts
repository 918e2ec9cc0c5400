import { Modal } from 'antd';
import i18next from 'i18next';
import { logout } from './logout';
import type { RefreshFailure } from './token-refresh';

/**
 * Spec section 4 "Token refresh failure": an alert titled 提示 that only its OK button dismisses
 * (no close icon, no mask click, no Escape), then logout. Loaded on demand: it brings antd's Modal.
 */
export const alertSessionExpired = (failure: RefreshFailure): void => {
  Modal.warning({
    title: i18next.t('session.alertTitle'),
    content: failure.message ?? i18next.t('session.refreshFailed'),
    okText: i18next.t('session.ok'),
    closable: false,
    maskClosable: false,
    keyboard: false,
    onOk: () => logout({ token: failure.token }),
  });
};
