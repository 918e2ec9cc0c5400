import { LockOutlined, MobileOutlined, SafetyOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import type { LoginConfig, TokenAnswer } from '@uniwim/contracts/client';
import { Alert, Button, Input } from 'antd';
import { type FormEvent, type ReactNode, useState } from 'react';
import { validationTexts } from '../../app/validation-texts';
import { useLocalizedTexts } from '../../i18n/texts';
import { api } from '../../lib/api';
import { checkAccountForm, emptyAccountForm } from '../login/account-form';
import { captchaImageUrl, newCaptchaId } from '../login/captcha-id';
import { type CodeLoginOutcome, type CodeStepTarget, signInWithCode } from '../login/code-login';
import { browserCompletionEnvironment, completeSignIn } from '../login/complete-sign-in';
import { readTenantCode } from '../login/login-config-source';
import { type LoginOutcome, signInWithPassword } from '../login/login-flow';
import { loginTexts } from '../login/login-texts';
import { fetchPasswordEncryptor } from '../login/password-encryptor';
import { checkSmsLogin } from '../login/sms-login-form';
import { useLoginConfig } from '../login/useLoginConfig';
import { recordCodeSent } from '../sms/countdown';
import { SmsCodeButton } from '../sms/SmsCodeButton';
import { mobileProblemBeforeSending, type SendCodeRequest, sendVerificationCode } from '../sms/send-code';
import { smsTexts } from '../sms/sms-texts';
import { lastCodeNumber, useSmsCountdown } from '../sms/useSmsCountdown';
import { MobileLoading, MobilePage } from './MobileLayout';
import { mobileTexts } from './mobile-texts';

type TwoFactorTarget = Extract<CodeStepTarget, { kind: 'twoFactor' }>;

/** What the forms hand up: either signed in, or the two-factor step to show. */
interface FormProps {
  config: LoginConfig;
  onTokens: (tokens: TokenAnswer, tenantUser: boolean) => Promise<void>;
}

const ErrorLine = ({ message }: { message: string }) => (
  <div className="m-form__error" role="alert" data-testid="mobile-sign-in-error">
    {message}
  </div>
);

/**
 * Handles what every sign-in ends with; returns the message to show, or '' when the page moves on.
 */
const useOutcome = (onTokens: FormProps['onTokens']) => {
  const texts = useLocalizedTexts(mobileTexts);
  return async (outcome: LoginOutcome | CodeLoginOutcome): Promise<string> => {
    switch (outcome.kind) {
      case 'failed':
        return outcome.message;
      case 'changePassword':
        return texts.signIn.changePasswordRequired;
      case 'legacyRedirect':
        location.href = outcome.url;
        return '';
      case 'signedIn':
        await onTokens(outcome.tokens, 'tenantUser' in outcome && outcome.tenantUser);
        return '';
      case 'twoFactor':
        return '';
    }
  };
};

const AccountForm = ({
  config,
  onTokens,
  onTwoFactor,
}: FormProps & { onTwoFactor: (target: TwoFactorTarget) => void }) => {
  const login = useLocalizedTexts(loginTexts);
  const captchaShown = config.showVctCode === 1;
  const [values, setValues] = useState(() => emptyAccountForm());
  const [captchaId, setCaptchaId] = useState(newCaptchaId);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const handle = useOutcome(onTokens);
  const update = (key: keyof typeof values, value: string) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const check = checkAccountForm(values, { captchaShown });
    if (!check.ok) {
      setError(login.errors[check.messageKey]);
      return;
    }
    setError('');
    setBusy(true);
    const outcome = await signInWithPassword(
      { values: check.values, captchaId: captchaShown ? captchaId : null, rememberOffered: false },
      {
        client: api,
        getEncryptor: () => fetchPasswordEncryptor(api, sessionStorage),
        legacyTargetUrl: location.origin,
        texts: login.errors,
      },
    );
    if (outcome.kind === 'twoFactor') {
      // The server sent the code with its answer: the resend countdown starts now.
      recordCodeSent(localStorage, 'TWO_FACTOR_CODE', outcome.mobile);
      setBusy(false);
      onTwoFactor({
        kind: 'twoFactor',
        ticket: outcome.ticket,
        maskedMobile: outcome.mobile,
        tenantId: outcome.tenantId,
        account: check.values.account,
        remember: false,
      });
      return;
    }
    const message = await handle(outcome).catch((cause: unknown) =>
      cause instanceof Error ? cause.message : login.errors.emptyAnswer,
    );
    setError(message);
    setBusy(false);
    if (message !== '' && captchaShown) {
      setCaptchaId(newCaptchaId());
      update('captcha', '');
    }
  };

  return (
    <form
      className="m-form"
      data-testid="mobile-account-form"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <Input
        size="large"
        prefix={<TeamOutlined />}
        placeholder={login.form.tenantName}
        aria-label={login.form.tenantName}
        autoComplete="organization"
        value={values.tenantName}
        onChange={(event) => update('tenantName', event.target.value)}
      />
      <Input
        size="large"
        prefix={<UserOutlined />}
        placeholder={login.form.account}
        aria-label={login.form.account}
        autoComplete="username"
        autoCapitalize="none"
        value={values.account}
        onChange={(event) => update('account', event.target.value)}
      />
      <Input.Password
        size="large"
        prefix={<LockOutlined />}
        placeholder={login.form.password}
        aria-label={login.form.password}
        autoComplete="current-password"
        value={values.password}
        onChange={(event) => update('password', event.target.value)}
      />
      {captchaShown && (
        <div className="m-form__row">
          <Input
            size="large"
            prefix={<SafetyOutlined />}
            placeholder={login.form.captcha}
            aria-label={login.form.captcha}
            autoComplete="off"
            maxLength={10}
            value={values.captcha}
            onChange={(event) => update('captcha', event.target.value)}
          />
          <button
            type="button"
            className="m-form__captcha"
            title={login.form.captchaRefresh}
            onClick={() => setCaptchaId(newCaptchaId())}
          >
            <img src={captchaImageUrl(captchaId)} width={117} height={32} alt={login.form.captchaImage} />
          </button>
        </div>
      )}
      <ErrorLine message={error} />
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={busy}
        data-testid="mobile-sign-in-submit"
      >
        {busy ? login.form.submitting : login.form.submit}
      </Button>
    </form>
  );
};

/** The code field and get-code button shared by the SMS sign-in and the two-factor step. */
const CodeField = ({
  code,
  onCode,
  purpose,
  request,
  mobile,
  onError,
}: {
  code: string;
  onCode: (code: string) => void;
  purpose: SendCodeRequest['type'];
  /** Called on a click: the request to send, or null when the form cannot ask yet (it shows why). */
  request: () => SendCodeRequest | null;
  /** The number the countdown follows (masked for two-factor). */
  mobile?: string;
  onError: (message: string) => void;
}) => {
  const texts = useLocalizedTexts(mobileTexts);
  const sms = useLocalizedTexts(smsTexts);
  const countdown = useSmsCountdown(purpose, mobile);
  const [sending, setSending] = useState(false);

  const send = async () => {
    const body = request();
    if (!body || sending) return;
    setSending(true);
    const result = await sendVerificationCode(api, body, sms);
    setSending(false);
    const number = body.type === 'TWO_FACTOR_CODE' ? (mobile ?? '') : body.mobile.trim();
    countdown.afterSend(number, result);
    onError(result.ok ? '' : result.message);
  };

  return (
    <div className="m-form__row">
      <Input
        size="large"
        prefix={<SafetyOutlined />}
        placeholder={texts.signIn.code}
        aria-label={texts.signIn.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(event) => onCode(event.target.value)}
        data-testid="mobile-sms-code"
      />
      <SmsCodeButton
        secondsLeft={countdown.secondsLeft}
        everSent={countdown.sent !== null}
        sending={sending}
        onClick={() => void send()}
        testId="mobile-sms-send"
      />
    </div>
  );
};

const SmsForm = ({ onTokens }: FormProps) => {
  const login = useLocalizedTexts(loginTexts);
  const sms = useLocalizedTexts(smsTexts);
  const validation = useLocalizedTexts(validationTexts);
  const [mobile, setMobile] = useState(() => lastCodeNumber('LOGIN_CODE'));
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const handle = useOutcome(onTokens);

  const requestCode = (): SendCodeRequest | null => {
    const problem = mobileProblemBeforeSending(mobile);
    if (problem) {
      setError(validation[problem]);
      return null;
    }
    return { type: 'LOGIN_CODE', mobile };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const check = checkSmsLogin({ mobile, code });
    if (!check.ok) {
      setError(validation[check.messageKey]);
      return;
    }
    setError('');
    setBusy(true);
    const outcome = await signInWithCode({ kind: 'sms', mobile: check.mobile }, check.code, {
      client: api,
      emptyAnswerText: login.errors.emptyAnswer,
    });
    const message = await handle(outcome).catch((cause: unknown) =>
      cause instanceof Error ? cause.message : login.errors.emptyAnswer,
    );
    setError(message);
    setBusy(false);
  };

  return (
    <form
      className="m-form"
      data-testid="mobile-sms-form"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <Input
        size="large"
        prefix={<MobileOutlined />}
        placeholder={sms.mobile}
        aria-label={sms.mobile}
        inputMode="tel"
        autoComplete="tel"
        maxLength={11}
        value={mobile}
        onChange={(event) => setMobile(event.target.value)}
        data-testid="mobile-sms-mobile"
      />
      <CodeField
        code={code}
        onCode={setCode}
        mobile={mobile}
        purpose="LOGIN_CODE"
        request={requestCode}
        onError={setError}
      />
      <ErrorLine message={error} />
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={busy}
        data-testid="mobile-sms-submit"
      >
        {busy ? login.form.submitting : login.form.submit}
      </Button>
    </form>
  );
};

const TwoFactorForm = ({
  target,
  onTokens,
  onBack,
}: Omit<FormProps, 'config'> & { target: TwoFactorTarget; onBack: () => void }) => {
  const texts = useLocalizedTexts(mobileTexts);
  const login = useLocalizedTexts(loginTexts);
  const validation = useLocalizedTexts(validationTexts);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const handle = useOutcome(onTokens);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (code.trim() === '') {
      setError(validation.codeRequired);
      return;
    }
    setBusy(true);
    const outcome = await signInWithCode(target, code.trim(), {
      client: api,
      emptyAnswerText: login.errors.emptyAnswer,
    });
    const message = await handle(outcome).catch((cause: unknown) =>
      cause instanceof Error ? cause.message : login.errors.emptyAnswer,
    );
    setError(message);
    setBusy(false);
  };

  return (
    <form
      className="m-form"
      data-testid="mobile-two-factor-form"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h2 className="m-card__subtitle">{texts.signIn.twoFactorTitle}</h2>
      <p className="m-card__hint">{texts.signIn.twoFactorHint(target.maskedMobile)}</p>
      <CodeField
        code={code}
        onCode={setCode}
        mobile={target.maskedMobile}
        purpose="TWO_FACTOR_CODE"
        request={() => ({ type: 'TWO_FACTOR_CODE', ticket: target.ticket })}
        onError={setError}
      />
      <ErrorLine message={error} />
      <Button type="primary" htmlType="submit" size="large" block loading={busy}>
        {busy ? login.form.submitting : login.form.submit}
      </Button>
      <Button type="link" block onClick={onBack}>
        {texts.signIn.back}
      </Button>
    </form>
  );
};

const ModeSwitch = ({
  mode,
  onChange,
}: {
  mode: 'account' | 'sms';
  onChange: (mode: 'account' | 'sms') => void;
}) => {
  const texts = useLocalizedTexts(mobileTexts);
  const tab = (key: 'account' | 'sms', label: ReactNode) => (
    <button
      type="button"
      role="tab"
      aria-selected={mode === key}
      className={`m-tabs__tab${mode === key ? ' m-tabs__tab--active' : ''}`}
      onClick={() => onChange(key)}
    >
      {label}
    </button>
  );
  return (
    <div className="m-tabs" role="tablist">
      {tab('account', texts.signIn.account)}
      {tab('sms', texts.signIn.sms)}
    </div>
  );
};

interface MobileSignInProps {
  /** A scanned code waits for the sign-in: the confirm screen follows it. */
  qrPending: boolean;
  onSignedIn: () => void;
}

/** The phone's own sign-in: account and password, or phone and SMS code, with the sign-in page's modules. */
export const MobileSignIn = ({ qrPending, onSignedIn }: MobileSignInProps) => {
  const texts = useLocalizedTexts(mobileTexts);
  const { data: config } = useLoginConfig(readTenantCode(location.search));
  const [mode, setMode] = useState<'account' | 'sms'>('account');
  const [twoFactor, setTwoFactor] = useState<TwoFactorTarget | null>(null);
  if (!config) return <MobileLoading />;

  const onTokens = async (tokens: TokenAnswer, tenantUser: boolean) => {
    // The sign-in page's completion (token data, tenant-user mark), staying on this page.
    await completeSignIn(
      tokens,
      { config, tenantUser },
      { ...browserCompletionEnvironment(api), popup: false, navigate: () => undefined },
    );
    onSignedIn();
  };

  return (
    <MobilePage>
      <section className="m-card" data-testid="mobile-sign-in">
        <h1 className="m-card__title">{texts.signIn.title}</h1>
        <p className="m-card__hint">{texts.signIn.subtitle}</p>
        {qrPending && (
          <Alert
            className="m-card__alert"
            type="info"
            showIcon
            message={texts.signIn.qrPending}
            data-testid="mobile-qr-pending"
          />
        )}
        {twoFactor ? (
          <TwoFactorForm target={twoFactor} onTokens={onTokens} onBack={() => setTwoFactor(null)} />
        ) : (
          <>
            <ModeSwitch mode={mode} onChange={setMode} />
            {mode === 'account' ? (
              <AccountForm config={config} onTokens={onTokens} onTwoFactor={setTwoFactor} />
            ) : (
              <SmsForm config={config} onTokens={onTokens} />
            )}
          </>
        )}
      </section>
    </MobilePage>
  );
};
