import {
  type ChangePasswordInput,
  describePolicy,
  type LoginConfig,
  policyFromConfig,
} from '@uniwim/contracts/client';
import { App, Button, Modal } from 'antd';
import Password from 'antd/es/input/Password';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { api } from '../../lib/api';
import { readStoredToken } from '../../lib/storage-keys';
import { storeTokenData } from '../../lib/token-storage';
import { submitPasswordChange } from '../login/change-password';
import { fetchPasswordEncryptor } from '../login/password-encryptor';
import type { ShellTexts } from './shell-texts';

interface ShellChangePasswordDialogProps {
  username: string;
  config: LoginConfig;
  texts: ShellTexts['changePassword'];
  onClose: () => void;
}

const EMPTY_INPUT: ChangePasswordInput = { opwd: '', npwd: '', rpwd: '' };

/**
 * "Change password" from the user menu (350 px, like the forced dialog). The checks and the call are
 * the sign-in page's (spec section 5); the server ends every session of the account and answers a
 * new token pair, which replaces the stored one so this page stays signed in.
 */
const ChangePasswordContent = ({ username, config, texts, onClose }: ShellChangePasswordDialogProps) => {
  const { message } = App.useApp();
  const id = useId();
  const policy = useMemo(() => policyFromConfig(config), [config]);
  const [input, setInput] = useState<ChangePasswordInput>(EMPTY_INPUT);
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const submit = async () => {
    if (submitting) return;
    setSubmitting(true);
    setError('');
    const result = await submitPasswordChange(
      { input, policy, username, token: readStoredToken() ?? '' },
      {
        client: api,
        getEncryptor: () => fetchPasswordEncryptor(api, sessionStorage),
        emptyAnswerText: texts.failed,
      },
    );
    setSubmitting(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    storeTokenData(localStorage, result.tokens);
    void message.success(texts.succeeded);
    onClose();
  };

  const field = (name: keyof ChangePasswordInput, label: string, hint?: string) => (
    <div className="shell-password__field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <Password
        id={`${id}-${name}`}
        name={name}
        autoComplete={name === 'opwd' ? 'current-password' : 'new-password'}
        value={input[name]}
        onChange={(event) => setInput((current) => ({ ...current, [name]: event.target.value }))}
        onPressEnter={() => void submit()}
      />
      {hint && <div className="shell-password__hint">{hint}</div>}
    </div>
  );

  return (
    <Modal
      open
      width={350}
      title={texts.title}
      maskClosable={false}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose} disabled={submitting}>
          {texts.cancel}
        </Button>,
        <Button key="submit" type="primary" loading={submitting} onClick={() => void submit()}>
          {texts.submit}
        </Button>,
      ]}
    >
      <form
        className="shell-password"
        data-testid="shell-change-password"
        onSubmit={(event: FormEvent) => event.preventDefault()}
      >
        {field('opwd', texts.oldPassword)}
        {field('npwd', texts.newPassword, describePolicy(policy))}
        {field('rpwd', texts.confirmPassword)}
        <div className="shell-password__error" role="alert">
          {error}
        </div>
      </form>
    </Modal>
  );
};

/** With its own antd App context for messages (the shell's first paint loads no App). */
export const ShellChangePasswordDialog = (props: ShellChangePasswordDialogProps) => (
  <App component={false}>
    <ChangePasswordContent {...props} />
  </App>
);
