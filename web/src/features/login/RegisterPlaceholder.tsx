import { UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** Mode -1 until the registration page is built. */
export const RegisterPlaceholder = ({ onBackToLogin }: { onBackToLogin: () => void }) => {
  const { t } = useTranslation();
  return (
    <div className="login-panel__placeholder" data-testid="register-placeholder">
      <span className="login-panel__placeholder-icon" aria-hidden>
        <UserAddOutlined />
      </span>
      <p className="login-panel__placeholder-title">{t('login.register.comingSoon')}</p>
      <button type="button" className="login-link" onClick={onBackToLogin}>
        {t('login.register.backToLogin')}
      </button>
    </div>
  );
};
