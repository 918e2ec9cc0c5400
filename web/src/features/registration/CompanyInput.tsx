import { BankOutlined } from '@ant-design/icons';
import type { TenantSuggestion } from '@uniwim/contracts/client';
import Input from 'antd/es/input/Input';
import { type KeyboardEvent, useId, useState } from 'react';
import { useLocalizedTexts } from '../../i18n/texts';
import { blurCompany, type CompanyChoice, chooseCompany, typeCompany } from './company-suggestions';
import { registrationTexts } from './registration-texts';
import { useCompanySuggestions } from './useCompanySuggestions';

interface CompanyInputProps {
  value: CompanyChoice;
  onChange: (choice: CompanyChoice) => void;
  invalid: boolean;
}

/**
 * The company field: a text box with suggestions from the server (a plain combobox; antd's
 * AutoComplete would bring the whole Select engine for one list).
 */
export const CompanyInput = ({ value, onChange, invalid }: CompanyInputProps) => {
  const texts = useLocalizedTexts(registrationTexts);
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useCompanySuggestions(value.tenantName, value.tenantId === null);
  const shown = open && value.tenantId === null && suggestions.length > 0;

  const choose = (suggestion: TenantSuggestion) => {
    onChange(chooseCompany(suggestion));
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!shown) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' && suggestions[active]) {
      event.preventDefault();
      choose(suggestions[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  return (
    <div className="company-input">
      <Input
        size="large"
        prefix={<BankOutlined />}
        placeholder={texts.company}
        aria-label={texts.company}
        data-testid="registration-company"
        role="combobox"
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        maxLength={50}
        status={invalid ? 'error' : undefined}
        value={value.tenantName}
        onChange={(event) => {
          onChange(typeCompany(event.target.value));
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          onChange(blurCompany(value));
        }}
        onKeyDown={onKeyDown}
      />
      {shown && (
        <div
          className="company-input__list"
          id={listId}
          role="listbox"
          data-testid="registration-company-options"
        >
          {suggestions.map((suggestion, index) => (
            <div
              key={suggestion.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              // Focus stays in the text box (aria-activedescendant); the option is reachable, not tabbed to.
              tabIndex={-1}
              className={`company-input__option${index === active ? ' company-input__option--active' : ''}`}
              // Keeps the focus in the text box, so its blur does not clear the name being chosen.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(suggestion)}
            >
              {suggestion.tenantName}
            </div>
          ))}
        </div>
      )}
    </div>
  );
};
