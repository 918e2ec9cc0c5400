import { MobileOutlined } from '@ant-design/icons';
import { isValidMobile, MOBILE_MAX_LENGTH } from '@uniwim/contracts/client';
import { Button } from 'antd';
import Input from 'antd/es/input/Input';
import { type FormEvent, useState } from 'react';
import { validationTexts } from '../../app/validation-texts';
import { useLocalizedTexts } from '../../i18n/texts';
import { api } from '../../lib/api';
import { SmsCodeButton } from '../sms/SmsCodeButton';
import { mobileProblemBeforeSending, sendVerificationCode } from '../sms/send-code';
import { smsTexts } from '../sms/sms-texts';
import { lastCodeNumber, useSmsCountdown } from '../sms/useSmsCountdown';
import type { CodeStepTarget } from './code-login';
import { checkMobileField } from './sms-login-form';

interface PhoneLoginFormProps {
  /** The number typed before, when coming back from the code step. */
  initialMobile?: string;
  onCodeStep: (target: Extract<CodeStepTarget, { kind: 'sms' }>) => void;
}

/**
 * Sign-in mode 1-3, first step: the phone number. Asking for a code (the get-code button, or
 * "下一步") sends a LOGIN_CODE and opens the code step; with a code for this number still usable
 * "下一步" opens the code step without sending another one.
 */
const PhoneLoginForm = ({ initialMobile = '', onCodeStep }: PhoneLoginFormProps) => {
  const texts = useLocalizedTexts(smsTexts);
  const validation = useLocalizedTexts(validationTexts);
  // After a reload the number the last code went to comes back with its countdown.
  const [mobile, setMobile] = useState(() => initialMobile || lastCodeNumber('LOGIN_CODE'));
  const countdown = useSmsCountdown('LOGIN_CODE', mobile);
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);

  const requestCode = async (number: string) => {
    if (sending) return;
    setSending(true);
    setError('');
    const result = await sendVerificationCode(api, { type: 'LOGIN_CODE', mobile: number }, texts);
    setSending(false);
    countdown.afterSend(number, result);
    if (result.ok) {
      onCodeStep({ kind: 'sms', mobile: number, notice: result.message });
      return;
    }
    // The button is enabled again, unless the server says a code went out moments ago.
    setError(result.message);
  };

  const getCode = () => {
    const problem = mobileProblemBeforeSending(mobile);
    if (problem) {
      setError(validation[problem]);
      return;
    }
    void requestCode(mobile.trim());
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkMobileField(mobile);
    if (problem) {
      setError(validation[problem]);
      return;
    }
    const number = mobile.trim();
    // A code for this number is still valid: type it rather than wait for another one.
    if (countdown.sent) onCodeStep({ kind: 'sms', mobile: number });
    else void requestCode(number);
  };

  return (
    <form className="login-form" data-testid="phone-login-form" onSubmit={submit} noValidate>
      <div className="login-form__code-row">
        <Input
          size="large"
          prefix={<MobileOutlined />}
          placeholder={texts.mobile}
          aria-label={texts.mobile}
          data-testid="phone-login-mobile"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={MOBILE_MAX_LENGTH}
          status={error && !isValidMobile(mobile) ? 'error' : undefined}
          value={mobile}
          onChange={(event) => {
            setMobile(event.target.value);
            if (error) setError('');
          }}
        />
        <SmsCodeButton
          secondsLeft={countdown.secondsLeft}
          everSent={countdown.sent !== null}
          sending={sending}
          disabled={!isValidMobile(mobile)}
          onClick={getCode}
          testId="phone-login-send-code"
        />
      </div>
      <div
        className="login-form__message login-form__message--error"
        role="alert"
        data-testid="phone-login-error"
      >
        {error}
      </div>
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={sending}
        data-testid="phone-login-next"
      >
        {texts.next}
      </Button>
    </form>
  );
};

export default PhoneLoginForm;
