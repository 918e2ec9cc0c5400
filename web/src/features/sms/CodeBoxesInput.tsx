import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useLocalizedTexts } from '../../i18n/texts';
import { type CodeBoxes, eraseBox, moveFocus, pasteIntoBoxes, typeIntoBox } from './code-boxes';
import { smsTexts } from './sms-texts';
import './sms.css';

interface CodeBoxesInputProps {
  state: CodeBoxes;
  onChange: (next: CodeBoxes) => void;
  invalid?: boolean;
  disabled?: boolean;
}

/** Six plain one-character inputs; their behaviour lives in code-boxes.ts. */
export const CodeBoxesInput = ({
  state,
  onChange,
  invalid = false,
  disabled = false,
}: CodeBoxesInputProps) => {
  const texts = useLocalizedTexts(smsTexts);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  useEffect(() => {
    const box = boxes.current[state.focus];
    if (box && document.activeElement !== box) box.focus();
  }, [state.focus]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    if (event.key === 'Backspace' || event.key === 'Delete') {
      event.preventDefault();
      onChange(eraseBox(state, index));
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      onChange(moveFocus(state, index - 1));
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      onChange(moveFocus(state, index + 1));
    }
  };

  return (
    <fieldset className={`code-boxes${invalid ? ' code-boxes--invalid' : ''}`} data-testid="code-boxes">
      <legend className="code-boxes__legend">{texts.boxesLabel}</legend>
      {state.chars.map((char, index) => (
        <input
          // The boxes never move: their position is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed-length list
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          className="code-boxes__box"
          type="text"
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={texts.boxLabel(index + 1)}
          data-testid={`code-box-${index}`}
          value={char}
          disabled={disabled}
          // biome-ignore lint/a11y/noAutofocus: the code step exists to type the code
          autoFocus={index === 0}
          onFocus={(event) => {
            event.currentTarget.select();
            if (state.focus !== index) onChange(moveFocus(state, index));
          }}
          onKeyDown={(event) => onKeyDown(event, index)}
          onPaste={(event) => {
            event.preventDefault();
            onChange(pasteIntoBoxes(state, index, event.clipboardData.getData('text')));
          }}
          onChange={(event) => onChange(typeIntoBox(state, index, event.target.value))}
        />
      ))}
    </fieldset>
  );
};
