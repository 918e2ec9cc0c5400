import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { useLocalizedTexts } from '../../i18n/texts';
import { loginTexts } from './login-texts';
import './login-fields.css';

/*
 * The account form's fields, drawn like antd's large Input, Input.Password, Checkbox and primary
 * Button without antd: the sign-in page's first frame then needs neither antd's code nor its
 * run-time styles, which on a slow phone were most of the page's blocking time. The forms that load
 * later (SMS, registration, dialogs) still use antd.
 */

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix' | 'size'> {
  prefix: ReactNode;
  invalid?: boolean;
}

const FieldFrame = ({ invalid, children }: { invalid?: boolean; children: ReactNode }) => (
  <span className={`login-field${invalid ? ' login-field--invalid' : ''}`}>{children}</span>
);

export const TextField = ({ prefix, invalid, ...input }: TextFieldProps) => (
  <FieldFrame invalid={invalid}>
    <span className="login-field__prefix">{prefix}</span>
    <input className="login-field__input" aria-invalid={invalid || undefined} {...input} />
  </FieldFrame>
);

/** A password field whose eye button shows and hides what was typed, like antd's Input.Password. */
export const PasswordField = ({ prefix, invalid, ...input }: TextFieldProps) => {
  const texts = useLocalizedTexts(loginTexts).form;
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame invalid={invalid}>
      <span className="login-field__prefix">{prefix}</span>
      <input
        className="login-field__input"
        aria-invalid={invalid || undefined}
        {...input}
        type={visible ? 'text' : 'password'}
      />
      <button
        type="button"
        className="login-field__suffix"
        aria-label={visible ? texts.hidePassword : texts.showPassword}
        aria-pressed={visible}
        onClick={() => setVisible((shown) => !shown)}
      >
        {visible ? <EyeOutlined /> : <EyeInvisibleOutlined />}
      </button>
    </FieldFrame>
  );
};

export const CheckboxField = ({
  label,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: string }) => (
  <label className="login-checkbox">
    <input type="checkbox" {...input} />
    <span>{label}</span>
  </label>
);

/** antd writes a label of exactly two Chinese characters with a space between them ("登 录"). */
const spacedLikeAntd = (label: string): string =>
  /^[\u4e00-\u9fa5]{2}$/.test(label) ? [...label].join(' ') : label;

export const SubmitButton = ({ busy, label, testId }: { busy: boolean; label: string; testId: string }) => (
  <button
    type="submit"
    className={`login-submit${busy ? ' login-submit--busy' : ''}`}
    aria-busy={busy || undefined}
    data-testid={testId}
  >
    {busy && <span className="login-submit__spinner" aria-hidden="true" />}
    <span>{spacedLikeAntd(label)}</span>
  </button>
);
