import { describePolicy, type LoginConfig } from '@uniwim/contracts/client';
import { App, Button, Modal } from 'antd';
import type { FormEvent } from 'react';
import { readStoredToken } from '../../lib/storage-keys';
import { storeTokenData } from '../../lib/token-storage';
import { usePasswordChangeForm } from '../login/usePasswordChangeForm';
import type { ShellTexts } from './shell-texts';

interface ShellChangePasswordDialogProps {
  username: string;
  config: LoginConfig;
  texts: ShellTexts['changePassword'];
  onClose: () => void;
}

/**
 * "Change password" from the user menu (350 px, like the forced dialog). The checks and the call are
 * the sign-in page's (spec section 5); the server ends every session of the account and answers a
 * new token pair, which replaces the stored one so this page stays signed in.
 */
const ChangePasswordContent = ({ username, config, texts, onClose }: ShellChangePasswordDialogProps) => {
  const { message } = App.useApp();
  const { policy, error, submitting, submit, field } = usePasswordChangeForm({
    token: () => readStoredToken() ?? '',
    username,
    config,
    failedText: texts.failed,
    onChanged: (tokens) => {
      storeTokenData(localStorage, tokens);
      void message.success(texts.succeeded);
      onClose();
    },
  });

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
        {field('shell-password', 'opwd', texts.oldPassword)}
        {field('shell-password', 'npwd', texts.newPassword, describePolicy(policy))}
        {field('shell-password', 'rpwd', texts.confirmPassword)}
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
