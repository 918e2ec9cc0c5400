import { Button } from 'antd';
import { useLocalizedTexts } from '../../i18n/texts';
import { sendButtonState } from './countdown';
import { smsTexts } from './sms-texts';
import './sms.css';

interface SmsCodeButtonProps {
  secondsLeft: number;
  /** A code went out for this purpose recently: after the countdown the button reads "重新获取". */
  everSent: boolean;
  sending: boolean;
  /** Besides the countdown: e.g. no valid number typed yet. */
  disabled?: boolean;
  onClick: () => void;
  testId?: string;
}

/** "获取验证码", then "已发送，05秒" for 60 s, then "重新获取" (spec section 4, "SMS send button"). */
export const SmsCodeButton = ({
  secondsLeft,
  everSent,
  sending,
  disabled = false,
  onClick,
  testId = 'sms-send-code',
}: SmsCodeButtonProps) => {
  const texts = useLocalizedTexts(smsTexts);
  const state = sendButtonState(secondsLeft, everSent);
  const label =
    state.kind === 'countdown'
      ? texts.sentCountdown(state.seconds)
      : state.kind === 'again'
        ? texts.getCodeAgain
        : texts.getCode;
  return (
    <Button
      size="large"
      className="sms-code-button"
      data-testid={testId}
      loading={sending}
      disabled={disabled || state.kind === 'countdown'}
      onClick={onClick}
    >
      {label}
    </Button>
  );
};
