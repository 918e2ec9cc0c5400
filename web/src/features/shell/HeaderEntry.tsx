import type { ComponentProps, ReactNode } from 'react';

type HeaderEntryProps = ComponentProps<'button'> & { icon: ReactNode; label: string };

/**
 * One of the header's entries (notices, messages, monitoring centre, logout): an icon and its name,
 * the name hidden on narrow screens and kept for screen readers and hover. Other props (test id,
 * handlers, the ref a dropdown sets) go to the button.
 */
export const HeaderEntry = ({ icon, label, ...button }: HeaderEntryProps) => (
  <button
    type="button"
    className="shell-header__button shell-header__button--compact"
    aria-label={label}
    title={label}
    {...button}
  >
    {icon}
    <span>{label}</span>
  </button>
);
