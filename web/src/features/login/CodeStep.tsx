import { LeftOutlined } from '@ant-design/icons';
import type { LoginConfig, TokenAnswer } from '@uniwim/contracts/client';
import { Button } from 'antd';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { validationTexts } from '../../app/validation-texts';
import { useLocalizedTexts } from '../../i18n/texts';
import { api } from '../../lib/api';
import { CodeBoxesInput } from '../sms/CodeBoxesInput';
import { codeOf, emptyCodeBoxes, isCodeComplete } from '../sms/code-boxes';
import { padSeconds } from '../sms/countdown';
import { type SendCodeRequest, sendVerificationCode } from '../sms/send-code';
import { smsTexts } from '../sms/sms-texts';
import { useSmsCountdown } from '../sms/useSmsCountdown';
import { type CodeStepTarget, signInWithCode } from './code-login';
import { codeStepTexts } from './code-step-texts';
import { browserCompletionEnvironment, completeSignIn } from './complete-sign-in';
import { loginTexts } from './login-texts';
import { checkSmsLogin } from './sms-login-form';
import './code-step.css';

const ChangePasswordDialog = lazy(() => import('./ChangePasswordDialog'));

interface CodeStepProps {
  target: CodeStepTarget;
  config: LoginConfig;
  /** Back to the first step ("重新登录" and the back link). */
  onBack: () => void;
}

type Status = 'idle' | 'submitting' | 'leaving';

/**
 * The verification-code step (spec section 2, "SMS-code login step"): completes an SMS sign-in or a
 * password sign-in that asked for a second factor. Loaded only when needed.
 */
const CodeStep = ({ target, config, onBack }: CodeStepProps) => {
  const texts = useLocalizedTexts(codeStepTexts);
  const sms = useLocalizedTexts(smsTexts);
  const login = useLocalizedTexts(loginTexts);
  const validation = useLocalizedTexts(validationTexts);
  const codeType = target.kind === 'sms' ? 'LOGIN_CODE' : 'TWO_FACTOR_CODE';
  const phone = target.kind === 'sms' ? target.mobile : target.maskedMobile;
  const countdown = useSmsCountdown(codeType, phone);
  const [boxes, setBoxes] = useState(emptyCodeBoxes);
  const [error, setError] = useState('');
  const [info, setInfo] = useState(target.kind === 'sms' ? (target.notice ?? '') : sms.sent);
  const [status, setStatus] = useState<Status>('idle');
  const [resending, setResending] = useState(false);
  const [pendingChange, setPendingChange] = useState<TokenAnswer | null>(null);
  const account = target.kind === 'twoFactor' ? target.account : undefined;

  const finish = async (tokens: TokenAnswer, tenantUser: boolean) => {
    setStatus('leaving');
    try {
      const completion = await completeSignIn(
        tokens,
        {
          account,
          remember: target.kind === 'twoFactor' && target.remember,
          config,
          tenantUser,
        },
        browserCompletionEnvironment(api),
      );
      if (completion === 'notifiedOpener') {
        setInfo(login.status.popupSignedIn);
        setStatus('idle');
      }
    } catch (cause) {
      setError(cause instanceof Error && cause.message ? cause.message : texts.emptyAnswer);
      setStatus('idle');
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (status !== 'idle' || !isCodeComplete(boxes)) return;
    const code = codeOf(boxes);
    if (target.kind === 'sms') {
      const check = checkSmsLogin({ mobile: target.mobile, code });
      if (!check.ok) {
        setError(validation[check.messageKey]);
        return;
      }
    }
    setError('');
    setInfo('');
    setStatus('submitting');
    const outcome = await signInWithCode(target, code, {
      client: api,
      emptyAnswerText: texts.emptyAnswer,
    });
    switch (outcome.kind) {
      case 'failed':
        setError(outcome.message);
        setBoxes(emptyCodeBoxes());
        setStatus('idle');
        return;
      case 'changePassword':
        setPendingChange(outcome.tokens);
        setStatus('idle');
        return;
      case 'signedIn':
        await finish(outcome.tokens, outcome.tenantUser);
        return;
    }
  };

  const resend = async () => {
    if (resending || countdown.secondsLeft > 0) return;
    setResending(true);
    setError('');
    setInfo('');
    const request: SendCodeRequest =
      target.kind === 'sms'
        ? { type: 'LOGIN_CODE', mobile: target.mobile }
        : { type: 'TWO_FACTOR_CODE', ticket: target.ticket };
    const result = await sendVerificationCode(api, request, sms);
    setResending(false);
    countdown.afterSend(phone, result);
    if (result.ok) {
      setBoxes(emptyCodeBoxes());
      setInfo(result.message);
      return;
    }
    setError(result.message);
  };

  const busy = status !== 'idle';

  return (
    <>
      <form className="code-step" data-testid="code-step" onSubmit={(event) => void submit(event)} noValidate>
        <button
          type="button"
          className="login-link code-step__back"
          data-testid="code-step-back"
          onClick={onBack}
        >
          <LeftOutlined /> {texts.back}
        </button>
        <h1 className="login-panel__title" id="login-panel-title">
          {texts.title}
        </h1>
        <p className="code-step__hint" data-testid="code-step-hint">
          {texts.hint(phone)}
        </p>
        <CodeBoxesInput
          state={boxes}
          invalid={error !== ''}
          disabled={busy}
          onChange={(next) => {
            setBoxes(next);
            if (error) setError('');
          }}
        />
        <div
          className="login-form__message login-form__message--error"
          role="alert"
          data-testid="code-step-error"
        >
          {error}
        </div>
        {info && (
          <div className="login-form__message" role="status" data-testid="code-step-info">
            {info}
          </div>
        )}
        <div className="code-step__links">
          {countdown.secondsLeft > 0 ? (
            <span className="code-step__countdown" data-testid="code-step-countdown">
              {sms.resendIn(padSeconds(countdown.secondsLeft))}
            </span>
          ) : (
            <button
              type="button"
              className="login-link"
              data-testid="code-step-resend"
              disabled={resending}
              onClick={() => void resend()}
            >
              {texts.resend}
            </button>
          )}
          <button type="button" className="login-link" data-testid="code-step-restart" onClick={onBack}>
            {texts.restart}
          </button>
        </div>
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          loading={busy}
          disabled={!isCodeComplete(boxes)}
          data-testid="code-step-submit"
        >
          {busy ? login.form.submitting : login.form.submit}
        </Button>
      </form>
      <Suspense fallback={null}>
        {pendingChange && (
          <ChangePasswordDialog
            token={pendingChange.token}
            username={account ?? ''}
            config={config}
            onCancel={() => {
              setPendingChange(null);
              onBack();
            }}
            onChanged={(tokens) => {
              setPendingChange(null);
              void finish(tokens, target.kind === 'twoFactor');
            }}
          />
        )}
      </Suspense>
    </>
  );
};

export default CodeStep;
