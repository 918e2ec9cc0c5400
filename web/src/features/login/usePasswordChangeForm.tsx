import {
  type ChangePasswordInput,
  type LoginConfig,
  policyFromConfig,
  type TokenAnswer,
} from '@uniwim/contracts/client';
import Password from 'antd/es/input/Password';
import { useId, useMemo, useState } from 'react';
import { api } from '../../lib/api';
import { submitPasswordChange } from './change-password';
import { fetchPasswordEncryptor } from './password-encryptor';

const EMPTY_INPUT: ChangePasswordInput = { opwd: '', npwd: '', rpwd: '' };

export interface PasswordChangeFormOptions {
  /** The token the change is made with, read when the form is sent (the shell's may have been refreshed). */
  token: () => string;
  username: string;
  config: LoginConfig;
  /** Shown when the server's answer carries no message. */
  failedText: string;
  onChanged: (tokens: TokenAnswer) => void;
}

/**
 * The state and submission of a change-password form (spec section 5): the forced dialog of the sign-in
 * page and the shell's "change password" share it and differ only in their frame and texts.
 */
export const usePasswordChangeForm = ({
  token,
  username,
  config,
  failedText,
  onChanged,
}: PasswordChangeFormOptions) => {
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
      { input, policy, username, token: token() },
      {
        client: api,
        getEncryptor: () => fetchPasswordEncryptor(api, sessionStorage),
        emptyAnswerText: failedText,
      },
    );
    setSubmitting(false);
    if (result.ok) onChanged(result.tokens);
    else setError(result.message);
  };

  /** One password input with its label and optional hint; `block` is the form's CSS block name. */
  const field = (block: string, name: keyof ChangePasswordInput, label: string, hint?: string) => (
    <div className={`${block}__field`}>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <Password
        id={`${id}-${name}`}
        name={name}
        autoComplete={name === 'opwd' ? 'current-password' : 'new-password'}
        value={input[name]}
        onChange={(event) => setInput((current) => ({ ...current, [name]: event.target.value }))}
        onPressEnter={() => void submit()}
      />
      {hint && <div className={`${block}__hint`}>{hint}</div>}
    </div>
  );

  return { policy, error, submitting, submit, field };
};
