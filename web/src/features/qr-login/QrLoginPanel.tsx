import {
  CheckCircleFilled,
  DesktopOutlined,
  ExclamationCircleFilled,
  ReloadOutlined,
} from '@ant-design/icons';
import type { LoginResult } from '@uniwim/contracts/client';
import { useMemo } from 'react';
import { useLocalizedTexts } from '../../i18n/texts';
import { readTenantCode } from '../login/login-config-source';
import { QR_IMAGE_SIZE } from './qr-constants';
import { qrSvgDataUrl } from './qr-image';
import { mobileConfirmUrl } from './qr-links';
import { offersHoverRefresh, qrPanelView } from './qr-state';
import { qrTexts } from './qr-texts';
import { useQrLogin } from './useQrLogin';
import './qr-login.css';

export interface QrLoginPanelProps {
  /** The page's tenant code (login.html?tenant=); by default read from the address. Without one the server uses the host. */
  tenant?: string;
  /** The icon back to sign-in type 1-1. */
  onBack: () => void;
  /** The "没有账号，注册" link (type -1); left out when not given. */
  onRegister?: () => void;
  /** The sign-in answer, once the phone confirmed. A rejection shows the error state. */
  onSignedIn: (result: LoginResult) => void | Promise<void>;
}

/**
 * Sign-in type 1-2 (spec section 2, "QR login panel"): a 220 px code for the mobile page to scan,
 * refreshed by a click, "扫码成功！" once scanned, then the sign-in.
 */
export const QrLoginPanel = ({ tenant, onBack, onRegister, onSignedIn }: QrLoginPanelProps) => {
  const texts = useLocalizedTexts(qrTexts);
  const tenantCode = tenant ?? readTenantCode(location.search);
  const { state, refresh } = useQrLogin(tenantCode, onSignedIn);
  const view = qrPanelView(state);
  const image = useMemo(
    () => (state.uid === null ? null : qrSvgDataUrl(mobileConfirmUrl(location.origin, state.uid))),
    [state.uid],
  );

  return (
    <div className="qr-login" data-testid="qr-login-panel" data-state={view}>
      <button
        type="button"
        className="qr-login__back"
        data-testid="qr-login-back"
        title={texts.backToAccount}
        aria-label={texts.backToAccount}
        onClick={onBack}
      >
        <DesktopOutlined />
      </button>
      <h2 className="qr-login__title">{texts.title}</h2>
      <div
        className="qr-login__code"
        data-testid="qr-login-code"
        style={{ width: QR_IMAGE_SIZE, height: QR_IMAGE_SIZE }}
      >
        {image && (
          <img
            className="qr-login__image"
            data-testid="qr-login-image"
            src={image}
            width={QR_IMAGE_SIZE}
            height={QR_IMAGE_SIZE}
            alt={texts.imageAlt}
            draggable={false}
          />
        )}
        {state.loading && (
          <div className="qr-login__cover qr-login__cover--loading">
            <span className="spinner" role="status" aria-label={texts.loading} />
          </div>
        )}
        {view === 'code' && offersHoverRefresh(state) && !state.loading && (
          <button
            type="button"
            className="qr-login__cover qr-login__hover-refresh"
            data-testid="qr-login-hover-refresh"
            onClick={refresh}
          >
            <ReloadOutlined />
            <span>{texts.refresh}</span>
          </button>
        )}
        {(view === 'scanned' || view === 'signingIn') && (
          <div
            className="qr-login__cover qr-login__cover--scanned"
            role="status"
            data-testid="qr-login-scanned"
          >
            <CheckCircleFilled className="qr-login__status-icon qr-login__status-icon--ok" />
            <span className="qr-login__status">{texts.scanned}</span>
            <span className="qr-login__status-hint">
              {view === 'signingIn' ? texts.signingIn : texts.confirmOnPhone}
            </span>
          </div>
        )}
        {view === 'error' && (
          <div className="qr-login__cover qr-login__cover--error" role="alert" data-testid="qr-login-error">
            <ExclamationCircleFilled className="qr-login__status-icon qr-login__status-icon--error" />
            <span className="qr-login__status">{texts.failed}</span>
            <button type="button" className="login-link qr-login__link" onClick={refresh}>
              {texts.refresh}
            </button>
          </div>
        )}
      </div>
      <p className="qr-login__hint">{texts.hint}</p>
      {onRegister && (
        <button
          type="button"
          className="login-link qr-login__link"
          data-testid="qr-login-register"
          onClick={onRegister}
        >
          {texts.register}
        </button>
      )}
    </div>
  );
};

export default QrLoginPanel;
