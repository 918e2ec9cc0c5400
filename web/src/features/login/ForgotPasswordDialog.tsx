import {
  describePolicy,
  isValidMobile,
  type LoginConfig,
  MOBILE_MAX_LENGTH,
  policyFromConfig,
  SMS_CODE_LENGTH,
} from '@uniwim/contracts/client';
import { Button, Modal } from 'antd';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { validationTexts } from '../../app/validation-texts';
import { useLocalizedTexts } from '../../i18n/texts';
import { api } from '../../lib/api';
import { SmsCodeButton } from '../sms/SmsCodeButton';
import { mobileProblemBeforeSending, sendVerificationCode } from '../sms/send-code';
import { smsTexts } from '../sms/sms-texts';
import { lastCodeNumber, useSmsCountdown } from '../sms/useSmsCountdown';
import {
  checkForgotPassword,
  type ForgotPasswordField,
  type ForgotPasswordValues,
  resetForgottenPassword,
} from './forgot-password';
import { forgotPasswordTexts } from './forgot-password-texts';
import './forgot-password.css';
import { fetchPasswordEncryptor } from './password-encryptor';

export interface ForgotPasswordDialogProps {
  config: LoginConfig;
  onClose: () => void;
  /** The password was reset: the dialog closes and the sign-in form says so. */
  onReset: () => void;
}

/** The forgot-password dialog (spec section 2, 380 px): a FORGET_PWD_CODE proves the phone. */
const ForgotPasswordDialog = ({ config, onClose, onReset }: ForgotPasswordDialogProps) => {
  const texts = useLocalizedTexts(forgotPasswordTexts);
  const sms = useLocalizedTexts(smsTexts);
  const validation = useLocalizedTexts(validationTexts);
  const id = useId();
  const policy = useMemo(() => policyFromConfig(config), [config]);
  const [values, setValues] = useState<ForgotPasswordValues>(() => ({
    mobile: lastCodeNumber('FORGET_PWD_CODE'),
    code: '',
    password: '',
  }));
  const countdown = useSmsCountdown('FORGET_PWD_CODE', values.mobile);
  const [invalidField, setInvalidField] = useState<ForgotPasswordField | null>(null);
  const [error, setError] = useState('');
  const [info, setInfo] = useState('');
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const update = (field: ForgotPasswordField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (invalidField === field) {
      setInvalidField(null);
      setError('');
    }
  };

  const getCode = async () => {
    const problem = mobileProblemBeforeSending(values.mobile);
    if (problem) {
      setInvalidField('mobile');
      setError(validation[problem]);
      return;
    }
    const mobile = values.mobile.trim();
    setSending(true);
    setError('');
    setInfo('');
    const result = await sendVerificationCode(api, { type: 'FORGET_PWD_CODE', mobile }, sms);
    setSending(false);
    countdown.afterSend(mobile, result);
    if (result.ok) {
      setInfo(result.message);
      return;
    }
    setError(result.message);
  };

  const submit = async () => {
    if (submitting) return;
    const check = checkForgotPassword(values);
    if (!check.ok) {
      setInvalidField(check.field);
      setError(validation[check.messageKey]);
      return;
    }
    setInvalidField(null);
    setError('');
    setInfo('');
    setSubmitting(true);
    const result = await resetForgottenPassword(check.values, {
      client: api,
      getEncryptor: () => fetchPasswordEncryptor(api, sessionStorage),
      failedText: texts.failed,
    });
    setSubmitting(false);
    if (result.ok) onReset();
    else setError(result.message);
  };

  const status = (field: ForgotPasswordField) => (invalidField === field ? 'error' : undefined);

  return (
    <Modal
      open
      width={380}
      title={texts.title}
      onCancel={onClose}
      maskClosable={!submitting}
      footer={[
        <Button key="cancel" onClick={onClose} disabled={submitting}>
          {texts.cancel}
        </Button>,
        <Button
          key="submit"
          type="primary"
          loading={submitting}
          data-testid="forgot-password-submit"
          onClick={() => void submit()}
        >
          {texts.submit}
        </Button>,
      ]}
    >
      <form
        className="forgot-password"
        data-testid="forgot-password-dialog"
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label className="forgot-password__label" htmlFor={`${id}-mobile`}>
          {texts.mobile}
        </label>
        <div className="login-form__code-row">
          <Input
            id={`${id}-mobile`}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder={sms.mobile}
            maxLength={MOBILE_MAX_LENGTH}
            status={status('mobile')}
            value={values.mobile}
            onChange={(event) => update('mobile', event.target.value)}
          />
          <SmsCodeButton
            secondsLeft={countdown.secondsLeft}
            everSent={countdown.sent !== null}
            sending={sending}
            disabled={!isValidMobile(values.mobile)}
            onClick={() => void getCode()}
            testId="forgot-password-send-code"
          />
        </div>
        <label className="forgot-password__label" htmlFor={`${id}-code`}>
          {texts.code}
        </label>
        <Input
          id={`${id}-code`}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder={sms.code}
          maxLength={SMS_CODE_LENGTH}
          status={status('code')}
          value={values.code}
          onChange={(event) => update('code', event.target.value)}
        />
        <label className="forgot-password__label" htmlFor={`${id}-password`}>
          {texts.newPassword}
        </label>
        <Password
          id={`${id}-password`}
          autoComplete="new-password"
          placeholder={texts.newPasswordPlaceholder}
          status={status('password')}
          value={values.password}
          onChange={(event) => update('password', event.target.value)}
        />
        <div className="forgot-password__hint" data-testid="forgot-password-policy">
          {describePolicy(policy)}
        </div>
        <div className="forgot-password__error" role="alert" data-testid="forgot-password-error">
          {error}
        </div>
        {info && (
          <div className="forgot-password__info" role="status" data-testid="forgot-password-info">
            {info}
          </div>
        )}
        {/* Enter in a field submits through this hidden button. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </form>
    </Modal>
  );
};

export default ForgotPasswordDialog;
