import { LockOutlined, SafetyOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import type { LoginConfig, TokenAnswer } from '@uniwim/contracts/client';
import { type FormEvent, Suspense, useState } from 'react';
import { lazyWithAntd } from '../../app/lazy-antd';
import { useLocalizedTexts } from '../../i18n/texts';
import { api } from '../../lib/api';
import { readRememberedAccount } from '../../lib/remember-account';
import { recordCodeSent } from '../sms/countdown';
import {
  type AccountFormValues,
  checkAccountForm,
  emptyAccountForm,
  type RequiredAccountField,
} from './account-form';
import { CaptchaImage } from './CaptchaImage';
import { newCaptchaId } from './captcha-id';
import type { CodeStepTarget } from './code-login';
import { browserCompletionEnvironment, completeSignIn } from './complete-sign-in';
import { forgotPasswordTexts } from './forgot-password-texts';
import { CheckboxField, PasswordField, SubmitButton, TextField } from './LoginFields';
import { signInWithPassword } from './login-flow';
import { loginTexts } from './login-texts';
import { loginTheme } from './login-theme';
import { fetchPasswordEncryptor } from './password-encryptor';

// Not needed at first paint: loaded when opened, with antd, so the first frame goes without both.
const ChangePasswordDialog = lazyWithAntd(
  () => import('./ChangePasswordDialog').then((module) => module.default),
  loginTheme,
);
const ForgotPasswordDialog = lazyWithAntd(
  () => import('./ForgotPasswordDialog').then((module) => module.default),
  loginTheme,
);

type Status = 'idle' | 'submitting' | 'leaving';

/** The account and trimmed form values of a sign-in waiting for the forced password change. */
interface PendingPasswordChange {
  token: string;
  values: AccountFormValues;
}

interface AccountLoginFormProps {
  config: LoginConfig;
  /** The server asked for a second factor: the code step takes over. */
  onCodeStep: (target: CodeStepTarget) => void;
}

/** Sign-in mode 1-1: tenant name (optional), account, password, captcha when configured. */
export const AccountLoginForm = ({ config, onCodeStep }: AccountLoginFormProps) => {
  const texts = useLocalizedTexts(loginTexts);
  const forgotTexts = useLocalizedTexts(forgotPasswordTexts);
  const captchaShown = config.showVctCode === 1;
  const rememberOffered = config.rememberPwd === '1';
  const [values, setValues] = useState<AccountFormValues>(() => {
    const remembered = rememberOffered ? readRememberedAccount() : null;
    return emptyAccountForm(remembered ?? '', remembered !== null);
  });
  const [missing, setMissing] = useState<RequiredAccountField[]>([]);
  const [error, setError] = useState('');
  const [info, setInfo] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [captchaId, setCaptchaId] = useState(newCaptchaId);
  const [pendingChange, setPendingChange] = useState<PendingPasswordChange | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);

  const update = <K extends keyof AccountFormValues>(key: K, value: AccountFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const refreshCaptcha = () => {
    setCaptchaId(newCaptchaId());
    update('captcha', '');
  };

  const fail = (message: string) => {
    setError(message);
    setStatus('idle');
    if (captchaShown) refreshCaptcha();
  };

  const finish = async (tokens: TokenAnswer, signedIn: AccountFormValues) => {
    setStatus('leaving');
    try {
      const completion = await completeSignIn(
        tokens,
        { account: signedIn.account, remember: rememberOffered && signedIn.remember, config },
        browserCompletionEnvironment(api),
      );
      if (completion === 'notifiedOpener') {
        setInfo(texts.status.popupSignedIn);
        setStatus('idle');
      }
    } catch (cause) {
      fail(cause instanceof Error ? cause.message : texts.errors.emptyAnswer);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (status !== 'idle') return;
    const check = checkAccountForm(values, { captchaShown });
    if (!check.ok) {
      setMissing(check.missing);
      setError(texts.errors[check.messageKey]);
      return;
    }
    setMissing([]);
    setError('');
    setInfo('');
    setStatus('submitting');
    const outcome = await signInWithPassword(
      { values: check.values, captchaId: captchaShown ? captchaId : null, rememberOffered },
      {
        client: api,
        getEncryptor: () => fetchPasswordEncryptor(api, sessionStorage),
        legacyTargetUrl: location.origin,
        texts: texts.errors,
      },
    );
    switch (outcome.kind) {
      case 'failed':
        fail(outcome.message);
        return;
      case 'twoFactor':
        // The server sent the code with its answer: the code step's resend countdown starts now.
        recordCodeSent(localStorage, 'TWO_FACTOR_CODE', outcome.mobile);
        setStatus('idle');
        onCodeStep({
          kind: 'twoFactor',
          ticket: outcome.ticket,
          maskedMobile: outcome.mobile,
          tenantId: outcome.tenantId,
          account: check.values.account,
          remember: rememberOffered && check.values.remember,
        });
        return;
      case 'changePassword':
        setPendingChange({ token: outcome.tokens.token, values: check.values });
        setStatus('idle');
        return;
      case 'legacyRedirect':
        setStatus('leaving');
        location.href = outcome.url;
        return;
      case 'signedIn':
        await finish(outcome.tokens, check.values);
        return;
    }
  };

  const busy = status !== 'idle';
  const invalid = (field: RequiredAccountField) => missing.includes(field);

  return (
    <>
      <form
        className="login-form"
        data-testid="account-login-form"
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <TextField
          prefix={<TeamOutlined />}
          placeholder={texts.form.tenantName}
          aria-label={texts.form.tenantName}
          data-testid="login-tenant-name"
          autoComplete="organization"
          value={values.tenantName}
          onChange={(event) => update('tenantName', event.target.value)}
        />
        <TextField
          prefix={<UserOutlined />}
          placeholder={texts.form.account}
          aria-label={texts.form.account}
          data-testid="login-account"
          autoComplete="username"
          invalid={invalid('account')}
          value={values.account}
          onChange={(event) => update('account', event.target.value)}
        />
        <PasswordField
          prefix={<LockOutlined />}
          placeholder={texts.form.password}
          aria-label={texts.form.password}
          data-testid="login-password"
          autoComplete="current-password"
          invalid={invalid('password')}
          value={values.password}
          onChange={(event) => update('password', event.target.value)}
        />
        {captchaShown && (
          <div className="login-form__captcha-row">
            <TextField
              prefix={<SafetyOutlined />}
              placeholder={texts.form.captcha}
              aria-label={texts.form.captcha}
              data-testid="login-captcha-input"
              autoComplete="off"
              maxLength={10}
              invalid={invalid('captcha')}
              value={values.captcha}
              onChange={(event) => update('captcha', event.target.value)}
            />
            <CaptchaImage captchaId={captchaId} onRefresh={refreshCaptcha} />
          </div>
        )}
        {(rememberOffered || config.forgetPwd === '1') && (
          <div className="login-form__options">
            {rememberOffered ? (
              <CheckboxField
                label={texts.form.remember}
                checked={values.remember}
                data-testid="login-remember"
                onChange={(event) => update('remember', event.target.checked)}
              />
            ) : (
              <span />
            )}
            {config.forgetPwd === '1' && (
              <button
                type="button"
                className="login-link"
                data-testid="login-forgot-password"
                onClick={() => setForgotOpen(true)}
              >
                {texts.form.forgot}
              </button>
            )}
          </div>
        )}
        <div
          className="login-form__message login-form__message--error"
          role="alert"
          data-testid="login-error"
        >
          {error}
        </div>
        {info && (
          <div className="login-form__message" role="status" data-testid="login-info">
            {info}
          </div>
        )}
        <SubmitButton
          busy={busy}
          label={busy ? texts.form.submitting : texts.form.submit}
          testId="login-submit"
        />
      </form>
      {/* Outside the form: React events bubble through portals, and a dialog must not submit the sign-in. */}
      <Suspense fallback={null}>
        {pendingChange && (
          <ChangePasswordDialog
            token={pendingChange.token}
            username={pendingChange.values.account}
            config={config}
            onCancel={() => setPendingChange(null)}
            onChanged={(tokens) => {
              const signedIn = pendingChange.values;
              setPendingChange(null);
              void finish(tokens, signedIn);
            }}
          />
        )}
        {forgotOpen && (
          <ForgotPasswordDialog
            config={config}
            onClose={() => setForgotOpen(false)}
            onReset={() => {
              setForgotOpen(false);
              setError('');
              setInfo(forgotTexts.succeeded);
              update('password', '');
            }}
          />
        )}
      </Suspense>
    </>
  );
};
