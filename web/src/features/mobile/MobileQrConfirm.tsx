import {
  CheckCircleFilled,
  CloseCircleFilled,
  DesktopOutlined,
  ExclamationCircleFilled,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { type ReactNode, useState } from 'react';
import { useLocalizedTexts } from '../../i18n/texts';
import { api } from '../../lib/api';
import { isQrUid } from '../qr-login/qr-links';
import { goTo, MobileRoutes } from './hash-route';
import { MobileLoading, MobilePage } from './MobileLayout';
import { mobileTexts } from './mobile-texts';
import { cancelQrCode, clockTime, confirmQrCode, qrFailureMessage, scanQrCode } from './qr-confirm';

type Ending = { kind: 'confirmed' } | { kind: 'cancelled' } | { kind: 'failed'; message: string };

const Result = ({ ending }: { ending: Ending }) => {
  const texts = useLocalizedTexts(mobileTexts);
  const icon =
    ending.kind === 'confirmed' ? (
      <CheckCircleFilled className="m-result__icon m-result__icon--ok" />
    ) : ending.kind === 'cancelled' ? (
      <CloseCircleFilled className="m-result__icon m-result__icon--muted" />
    ) : (
      <ExclamationCircleFilled className="m-result__icon m-result__icon--error" />
    );
  return (
    <section className="m-card m-result" data-testid="mobile-qr-result" data-result={ending.kind}>
      {icon}
      <h1 className="m-result__title">
        {ending.kind === 'confirmed'
          ? texts.confirm.confirmed
          : ending.kind === 'cancelled'
            ? texts.confirm.cancelled
            : ending.message}
      </h1>
      {ending.kind === 'confirmed' && <p className="m-card__hint">{texts.confirm.confirmedHint}</p>}
      <div className="m-actions">
        {ending.kind === 'failed' && (
          <Button size="large" type="primary" block onClick={() => goTo(MobileRoutes.scan)}>
            {texts.confirm.scanAgain}
          </Button>
        )}
        <Button size="large" block onClick={() => goTo(MobileRoutes.home)} data-testid="mobile-qr-home">
          {texts.confirm.home}
        </Button>
      </div>
    </section>
  );
};

/**
 * The confirm screen of a scanned code: tells the server it was scanned (the computer shows
 * "扫码成功！"), names the computer and the tenant it signs in to, then confirms or cancels.
 */
export const MobileQrConfirm = ({ uid }: { uid: string | null }) => {
  const texts = useLocalizedTexts(mobileTexts);
  const valid = uid !== null && isQrUid(uid);
  const scan = useQuery({
    queryKey: ['qr-scan', uid],
    queryFn: () => scanQrCode(api, uid ?? ''),
    enabled: valid,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const [busy, setBusy] = useState<'confirm' | 'cancel' | null>(null);
  const [ending, setEnding] = useState<Ending | null>(null);

  const page = (content: ReactNode) => (
    <MobilePage
      title={texts.confirm.title}
      onBack={() => goTo(MobileRoutes.home)}
      backLabel={texts.confirm.home}
    >
      {content}
    </MobilePage>
  );

  if (!valid) return page(<Result ending={{ kind: 'failed', message: texts.scan.notLoginCode }} />);
  if (ending) return page(<Result ending={ending} />);
  if (scan.error)
    return page(
      <Result ending={{ kind: 'failed', message: qrFailureMessage(scan.error, texts.confirm.failed) }} />,
    );
  if (!scan.data) return page(<MobileLoading />);

  const info = scan.data;
  const act = async (action: 'confirm' | 'cancel') => {
    if (busy) return;
    setBusy(action);
    try {
      await (action === 'confirm' ? confirmQrCode : cancelQrCode)(api, uid);
      setEnding({ kind: action === 'confirm' ? 'confirmed' : 'cancelled' });
    } catch (error) {
      setEnding({ kind: 'failed', message: qrFailureMessage(error, texts.confirm.failed) });
    } finally {
      setBusy(null);
    }
  };
  const expires = clockTime(info.expiresAt);

  return page(
    <section className="m-card m-confirm" data-testid="mobile-qr-confirm">
      <DesktopOutlined className="m-confirm__icon" aria-hidden />
      <p className="m-confirm__lead">{texts.confirm.signingInto}</p>
      <h1 className="m-confirm__tenant" data-testid="mobile-qr-tenant">
        {info.tenantName ?? texts.confirm.platform}
      </h1>
      <dl className="m-confirm__facts">
        <div>
          <dt>{texts.confirm.device}</dt>
          <dd data-testid="mobile-qr-device">{info.device}</dd>
        </div>
        <div>
          <dt>{texts.confirm.ip}</dt>
          <dd>{info.ip}</dd>
        </div>
        {expires && (
          <div>
            <dt>{texts.confirm.expiresAt}</dt>
            <dd>{expires}</dd>
          </div>
        )}
      </dl>
      <p className="m-confirm__warning">{texts.confirm.warning}</p>
      <div className="m-actions">
        <Button
          size="large"
          type="primary"
          block
          loading={busy === 'confirm'}
          disabled={busy === 'cancel'}
          data-testid="mobile-qr-confirm-button"
          onClick={() => void act('confirm')}
        >
          {texts.confirm.confirm}
        </Button>
        <Button
          size="large"
          block
          loading={busy === 'cancel'}
          disabled={busy === 'confirm'}
          data-testid="mobile-qr-cancel-button"
          onClick={() => void act('cancel')}
        >
          {texts.confirm.cancel}
        </Button>
      </div>
    </section>,
  );
};
