import type { ComponentProps, ReactNode } from 'react';

type HeaderEntryProps = ComponentProps<'button'> & { icon: ReactNode; label: string };

/**
 * One of the header's entries (notices, messages, monitoring centre, logout): an icon and its name,
 * the name hidden on narrow screens and kept for screen readers and hover. Other props (test id,
 * handlers, the ref a dropdown sets) go to the button; a class a dropdown adds (its trigger class)
 * joins the entry's own, which it must not replace.
 */
export const HeaderEntry = ({ icon, label, className, ...button }: HeaderEntryProps) => (
  <button
    type="button"
    aria-label={label}
    title={label}
    {...button}
    className={`shell-header__button shell-header__button--compact${className ? ` ${className}` : ''}`}
  >
    {icon}
    <span className="shell-header__label">{label}</span>
  </button>
);
