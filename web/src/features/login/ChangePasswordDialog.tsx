import { describePolicy, type LoginConfig, type TokenAnswer } from '@uniwim/contracts/client';
import { Button, Modal } from 'antd';
import type { FormEvent } from 'react';
import { useLocalizedTexts } from '../../i18n/texts';
import { changePasswordTexts } from './change-password-texts';
import { usePasswordChangeForm } from './usePasswordChangeForm';

export interface ChangePasswordDialogProps {
  /** The sign-in answer's token: it only allows the change. */
  token: string;
  username: string;
  config: LoginConfig;
  onChanged: (tokens: TokenAnswer) => void;
  /** Back to the sign-in form; the user has not entered the product. */
  onCancel: () => void;
}

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
  const texts = useLocalizedTexts(changePasswordTexts);
  const { policy, error, submitting, submit, field } = usePasswordChangeForm({
    token: () => token,
    username,
    config,
    failedText: texts.failed,
    onChanged,
  });

  return (
    <Modal
      open
      width={350}
      title={texts.title}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={[
        <Button key="cancel" onClick={onCancel} disabled={submitting}>
          {texts.cancel}
        </Button>,
        <Button
          key="submit"
          type="primary"
          loading={submitting}
          data-testid="change-password-submit"
          onClick={() => void submit()}
        >
          {texts.submit}
        </Button>,
      ]}
    >
      <form
        className="change-password"
        data-testid="change-password-dialog"
        onSubmit={(event: FormEvent) => event.preventDefault()}
      >
        <p className="change-password__reason">{texts.reason}</p>
        {field('change-password', 'opwd', texts.oldPassword)}
        {field('change-password', 'npwd', texts.newPassword, describePolicy(policy))}
        {field('change-password', 'rpwd', texts.confirmPassword)}
        <div className="change-password__error" role="alert" data-testid="change-password-error">
          {error}
        </div>
      </form>
    </Modal>
  );
};

export default ChangePasswordDialog;
