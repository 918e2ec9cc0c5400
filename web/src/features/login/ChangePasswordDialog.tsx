import {
  type ChangePasswordInput,
  describePolicy,
  type LoginConfig,
  policyFromConfig,
  type TokenAnswer,
} from '@uniwim/contracts/client';
import { Button, Modal } from 'antd';
import Password from 'antd/es/input/Password';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { submitPasswordChange } from './change-password';
import { fetchPasswordEncryptor } from './password-encryptor';

export interface ChangePasswordDialogProps {
  /** The sign-in answer's token: it only allows the change. */
  token: string;
  username: string;
  config: LoginConfig;
  onChanged: (tokens: TokenAnswer) => void;
  /** Back to the sign-in form; the user has not entered the product. */
  onCancel: () => void;
}

const EMPTY_INPUT: ChangePasswordInput = { opwd: '', npwd: '', rpwd: '' };

/**
 * The forced change-password dialog (spec section 2, 350 px wide). A mask click or Escape does not
 * close it: the user enters the product only after a successful change.
 */
const ChangePasswordDialog = ({
  token,
  username,
  config,
  onChanged,
  onCancel,
}: ChangePasswordDialogProps) => {
  const { t } = useTranslation();
  const id = useId();
  const policy = useMemo(() => policyFromConfig(config), [config]);
  const [input, setInput] = useState<ChangePasswordInput>(EMPTY_INPUT);
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const field = (name: keyof ChangePasswordInput, label: string, hint?: string) => (
    <div className="change-password__field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <Password
        id={`${id}-${name}`}
        name={name}
        autoComplete={name === 'opwd' ? 'current-password' : 'new-password'}
        value={input[name]}
        onChange={(event) => setInput((current) => ({ ...current, [name]: event.target.value }))}
        onPressEnter={() => void submit()}
      />
      {hint && <div className="change-password__hint">{hint}</div>}
    </div>
  );

  const submit = async () => {
    if (submitting) return;
    setSubmitting(true);
    setError('');
    const result = await submitPasswordChange(
      { input, policy, username, token },
      {
        client: api,
        getEncryptor: () => fetchPasswordEncryptor(api, sessionStorage),
        emptyAnswerText: t('login.changePassword.failed'),
      },
    );
    setSubmitting(false);
    if (result.ok) onChanged(result.tokens);
    else setError(result.message);
  };

  return (
    <Modal
      open
      width={350}
      title={t('login.changePassword.title')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={[
        <Button key="cancel" onClick={onCancel} disabled={submitting}>
          {t('login.changePassword.cancel')}
        </Button>,
        <Button
          key="submit"
          type="primary"
          loading={submitting}
          data-testid="change-password-submit"
          onClick={() => void submit()}
        >
          {t('login.changePassword.submit')}
        </Button>,
      ]}
    >
      <form
        className="change-password"
        data-testid="change-password-dialog"
        onSubmit={(event: FormEvent) => event.preventDefault()}
      >
        <p className="change-password__reason">{t('login.changePassword.reason')}</p>
        {field('opwd', t('login.changePassword.oldPassword'))}
        {field('npwd', t('login.changePassword.newPassword'), describePolicy(policy))}
        {field('rpwd', t('login.changePassword.confirmPassword'))}
        <div className="change-password__error" role="alert" data-testid="change-password-error">
          {error}
        </div>
      </form>
    </Modal>
  );
};

export default ChangePasswordDialog;
