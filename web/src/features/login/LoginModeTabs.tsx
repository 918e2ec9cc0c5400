import { type KeyboardEvent, useId } from 'react';

export interface LoginModeTab<K extends string> {
  key: K;
  label: string;
}

interface LoginModeTabsProps<K extends string> {
  tabs: readonly LoginModeTab<K>[];
  active: K;
  onChange: (key: K) => void;
}

/**
 * A light tab strip for the sign-in modes. antd's Tabs (and Segmented) pull in menus, dropdowns and
 * form machinery that would cost the sign-in page about a tenth of its script budget.
 */
export const LoginModeTabs = <K extends string>({ tabs, active, onChange }: LoginModeTabsProps<K>) => {
  const id = useId();
  const focusTab = (event: KeyboardEvent<HTMLDivElement>, offset: number) => {
    const index = tabs.findIndex((tab) => tab.key === active);
    const next = tabs[(index + offset + tabs.length) % tabs.length];
    if (!next) return;
    event.preventDefault();
    onChange(next.key);
    event.currentTarget.querySelector<HTMLButtonElement>(`[data-key="${next.key}"]`)?.focus();
  };

  return (
    <div
      className="login-tabs"
      role="tablist"
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') focusTab(event, 1);
        if (event.key === 'ArrowLeft') focusTab(event, -1);
      }}
    >
      {tabs.map((tab) => {
        const selected = tab.key === active;
        return (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={`${id}-${tab.key}`}
            data-key={tab.key}
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            className={`login-tabs__tab${selected ? ' login-tabs__tab--active' : ''}`}
            onClick={() => onChange(tab.key)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
};
