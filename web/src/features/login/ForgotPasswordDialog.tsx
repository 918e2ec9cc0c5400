import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** Placeholder for the forgot-password dialog (380 px, spec section 2), which arrives with SMS codes. */
const ForgotPasswordDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      width={380}
      title={t('login.forgot.title')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('login.forgot.close')}
        </Button>
      }
    >
      <p data-testid="forgot-password-placeholder">{t('login.forgot.comingSoon')}</p>
    </Modal>
  );
};

export default ForgotPasswordDialog;
