import { LockOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import {
  describePolicy,
  type LoginConfig,
  MOBILE_MAX_LENGTH,
  policyFromConfig,
  SMS_CODE_LENGTH,
} from '@uniwim/contracts/client';
import { Button, Spin } from 'antd';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { validationTexts } from '../../app/validation-texts';
import { useLocalizedTexts } from '../../i18n/texts';
import { api } from '../../lib/api';
import { browserCompletionEnvironment, completeSignIn } from '../login/complete-sign-in';
import { fetchPasswordEncryptor } from '../login/password-encryptor';
import { SmsCodeButton } from '../sms/SmsCodeButton';
import { type MobileProblem, mobileProblemBeforeSending, sendVerificationCode } from '../sms/send-code';
import { smsTexts } from '../sms/sms-texts';
import { lastCodeNumber, useSmsCountdown } from '../sms/useSmsCountdown';
import { CompanyInput } from './CompanyInput';
import { submitRegistration } from './register';
import {
  checkRegistration,
  emptyRegistration,
  type RegistrationField,
  type RegistrationMessage,
  type RegistrationValues,
} from './registration-form';
import { registrationTexts } from './registration-texts';
import './registration.css';

type FieldErrors = Partial<Record<RegistrationField, RegistrationMessage | MobileProblem>>;
type Status = 'idle' | 'submitting' | 'leaving';

interface RegistrationViewProps {
  config: LoginConfig;
  onBackToLogin: () => void;
}

/**
 * Registration under a company (login type -1, spec section 2 "Registration page"): the phone is
 * proven by a REGISTER_CODE, and the new user is signed in and taken to the index page.
 */
const RegistrationView = ({ config, onBackToLogin }: RegistrationViewProps) => {
  const texts = useLocalizedTexts(registrationTexts);
  const sms = useLocalizedTexts(smsTexts);
  const validation = useLocalizedTexts(validationTexts);
  const policy = useMemo(() => policyFromConfig(config), [config]);
  const [values, setValues] = useState<RegistrationValues>(() => ({
    ...emptyRegistration(),
    mobile: lastCodeNumber('REGISTER_CODE'),
  }));
  const countdown = useSmsCountdown('REGISTER_CODE', values.mobile);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState('');
  const [info, setInfo] = useState('');
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState<Status>('idle');

  const update = (change: Partial<RegistrationValues>) => {
    setValues((current) => ({ ...current, ...change }));
    const cleared = Object.keys(change).filter((key) => key in fieldErrors);
    if (cleared.length > 0)
      setFieldErrors((current) => {
        const next = { ...current };
        for (const key of cleared) delete next[key as RegistrationField];
        return next;
      });
  };

  const getCode = async () => {
    const problem = mobileProblemBeforeSending(values.mobile);
    if (problem) {
      setFieldErrors((current) => ({ ...current, mobile: problem }));
      return;
    }
    const mobile = values.mobile.trim();
    setSending(true);
    setError('');
    setInfo('');
    const result = await sendVerificationCode(api, { type: 'REGISTER_CODE', mobile }, sms);
    setSending(false);
    countdown.afterSend(mobile, result);
    if (result.ok) {
      setInfo(result.message);
      return;
    }
    setError(result.message);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (status !== 'idle') return;
    const check = checkRegistration(values);
    if (!check.ok) {
      setFieldErrors(Object.fromEntries(check.errors.map((e) => [e.field, e.messageKey])));
      setError(validation[check.messageKey]);
      setInfo('');
      return;
    }
    setFieldErrors({});
    setError('');
    setInfo('');
    setStatus('submitting');
    const result = await submitRegistration(check.data, {
      client: api,
      getEncryptor: () => fetchPasswordEncryptor(api, sessionStorage),
      failedText: texts.failed,
    });
    if (!result.ok) {
      setError(result.message);
      setStatus('idle');
      return;
    }
    setInfo(texts.succeeded);
    setStatus('leaving');
    try {
      const completion = await completeSignIn(result.tokens, { config }, browserCompletionEnvironment(api));
      if (completion === 'notifiedOpener') setStatus('idle');
    } catch (cause) {
      setError(cause instanceof Error && cause.message ? cause.message : texts.failed);
      setStatus('idle');
    }
  };

  const fieldError = (field: RegistrationField): ReactNode => {
    const messageKey = fieldErrors[field];
    return (
      <div className="registration__field-error" data-testid={`registration-error-${field}`}>
        {messageKey ? validation[messageKey] : ''}
      </div>
    );
  };
  const fieldStatus = (field: RegistrationField) => (fieldErrors[field] ? 'error' : undefined);

  return (
    <form
      className="registration"
      data-testid="registration-form"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <div className="registration__field">
        <CompanyInput
          value={{ tenantName: values.tenantName, tenantId: values.tenantId }}
          invalid={fieldErrors.tenantName !== undefined}
          onChange={(choice) => update(choice)}
        />
        {fieldError('tenantName')}
      </div>
      <div className="registration__field">
        <Input
          size="large"
          prefix={<UserOutlined />}
          placeholder={texts.username}
          aria-label={texts.username}
          data-testid="registration-username"
          autoComplete="username"
          maxLength={32}
          status={fieldStatus('username')}
          value={values.username}
          onChange={(event) => update({ username: event.target.value })}
        />
        {fieldError('username')}
      </div>
      <div className="registration__field">
        <Input
          size="large"
          prefix={<MobileOutlined />}
          placeholder={sms.mobile}
          aria-label={sms.mobile}
          data-testid="registration-mobile"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={MOBILE_MAX_LENGTH}
          status={fieldStatus('mobile')}
          value={values.mobile}
          onChange={(event) => update({ mobile: event.target.value })}
        />
        {fieldError('mobile')}
      </div>
      <div className="registration__field">
        <Password
          size="large"
          prefix={<LockOutlined />}
          placeholder={texts.password}
          aria-label={texts.password}
          data-testid="registration-password"
          autoComplete="new-password"
          status={fieldStatus('password')}
          value={values.password}
          onChange={(event) => update({ password: event.target.value })}
        />
        <div className="registration__hint" data-testid="registration-policy">
          {describePolicy(policy)}
        </div>
        {fieldError('password')}
      </div>
      <div className="registration__field">
        <Password
          size="large"
          prefix={<LockOutlined />}
          placeholder={texts.confirmPassword}
          aria-label={texts.confirmPassword}
          data-testid="registration-confirm-password"
          autoComplete="new-password"
          status={fieldStatus('confirmPassword')}
          value={values.confirmPassword}
          onChange={(event) => update({ confirmPassword: event.target.value })}
        />
        {fieldError('confirmPassword')}
      </div>
      <div className="registration__field">
        <div className="login-form__code-row">
          <Input
            size="large"
            prefix={<SafetyOutlined />}
            placeholder={sms.code}
            aria-label={sms.code}
            data-testid="registration-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={SMS_CODE_LENGTH}
            status={fieldStatus('code')}
            value={values.code}
            onChange={(event) => update({ code: event.target.value })}
          />
          <SmsCodeButton
            secondsLeft={countdown.secondsLeft}
            everSent={countdown.sent !== null}
            sending={sending}
            onClick={() => void getCode()}
            testId="registration-send-code"
          />
        </div>
        {fieldError('code')}
      </div>
      <div
        className="login-form__message login-form__message--error"
        role="alert"
        data-testid="registration-error"
      >
        {error}
      </div>
      {info && (
        <div className="login-form__message" role="status" data-testid="registration-info">
          {info}
        </div>
      )}
      <Button type="primary" htmlType="submit" size="large" block data-testid="registration-submit">
        {texts.submit}
      </Button>
      <div className="registration__links">
        <button
          type="button"
          className="login-link"
          data-testid="registration-to-login"
          onClick={onBackToLogin}
        >
          {texts.toLogin}
        </button>
      </div>
      <Spin fullscreen spinning={status !== 'idle'} description={texts.submitting} />
    </form>
  );
};

export default RegistrationView;
