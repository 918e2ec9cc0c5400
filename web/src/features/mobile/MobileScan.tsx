import { ScanOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { useLocalizedTexts } from '../../i18n/texts';
import { uidFromScannedText } from '../qr-login/qr-links';
import { goTo, MobileRoutes } from './hash-route';
import { MobilePage } from './MobileLayout';
import { mobileTexts } from './mobile-texts';
import { useCameraScanner } from './useCameraScanner';

/** Reads the computer's QR code with the camera, or takes its pasted link; then the confirm screen. */
export const MobileScan = () => {
  const texts = useLocalizedTexts(mobileTexts);
  const video = useRef<HTMLVideoElement>(null);
  const [message, setMessage] = useState('');
  const [pasted, setPasted] = useState('');

  const open = useCallback(
    (text: string): boolean => {
      const uid = uidFromScannedText(text);
      if (!uid) {
        setMessage(texts.scan.notLoginCode);
        return false;
      }
      goTo(MobileRoutes.confirm(uid));
      return true;
    },
    [texts],
  );
  const status = useCameraScanner(video, open);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    open(pasted);
  };

  const statusText =
    status === 'unavailable'
      ? texts.scan.cameraUnavailable
      : status === 'starting'
        ? texts.scan.starting
        : texts.scan.aim;

  return (
    <MobilePage title={texts.scan.title} onBack={() => goTo(MobileRoutes.home)} backLabel={texts.scan.back}>
      <div className={`m-scan m-scan--${status}`} data-testid="mobile-scanner" data-status={status}>
        <video ref={video} className="m-scan__video" playsInline muted />
        {status !== 'scanning' && <ScanOutlined className="m-scan__placeholder" aria-hidden />}
        <span className="m-scan__frame" aria-hidden />
      </div>
      <p className="m-scan__status" role="status">
        {statusText}
      </p>
      <form className="m-form" onSubmit={submit} noValidate>
        <label className="m-form__label" htmlFor="m-scan-paste">
          {texts.scan.pasteLabel}
        </label>
        <div className="m-form__row">
          <Input
            id="m-scan-paste"
            size="large"
            placeholder={texts.scan.pastePlaceholder}
            value={pasted}
            autoComplete="off"
            onChange={(event) => setPasted(event.target.value)}
            data-testid="mobile-scan-paste"
          />
          <Button size="large" type="primary" htmlType="submit" data-testid="mobile-scan-paste-submit">
            {texts.scan.pasteSubmit}
          </Button>
        </div>
        <div className="m-form__error" role="alert" data-testid="mobile-scan-error">
          {message}
        </div>
      </form>
    </MobilePage>
  );
};
