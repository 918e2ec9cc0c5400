import { SMS_CODE_LENGTH } from '@uniwim/contracts/client';

/**
 * The six one-character boxes of the code step (spec section 2, "SMS-code login step") as plain
 * state: what each box holds and which box has the focus. Codes are digits; anything else typed or
 * pasted is ignored.
 */
export interface CodeBoxes {
  chars: readonly string[];
  focus: number;
}

const LAST = SMS_CODE_LENGTH - 1;

const digitsOf = (text: string): string => text.replace(/\D/g, '');

const clampIndex = (index: number): number => Math.min(Math.max(index, 0), LAST);

export const emptyCodeBoxes = (): CodeBoxes => ({ chars: Array(SMS_CODE_LENGTH).fill(''), focus: 0 });

/**
 * Pasting (or the browser filling in a one-time code): six digits or more fill every box from the
 * first; fewer fill the boxes from the one pasted into. The focus goes to the box after the last
 * one filled (the last box at most).
 */
export const pasteIntoBoxes = (state: CodeBoxes, index: number, text: string): CodeBoxes => {
  const digits = digitsOf(text);
  if (digits === '') return state;
  const start = digits.length >= SMS_CODE_LENGTH ? 0 : clampIndex(index);
  const chars = [...state.chars];
  const placed = digits.slice(0, SMS_CODE_LENGTH - start);
  for (let offset = 0; offset < placed.length; offset += 1) chars[start + offset] = placed[offset]!;
  return { chars, focus: clampIndex(start + placed.length) };
};

/**
 * A box's input changed to `value`. One digit: the box takes it and the focus moves on. A box that
 * already held a digit reports both (old and new): the new one wins. Several new digits are handled
 * as a paste. An empty value clears the box (mobile keyboards may not report Backspace as a key).
 */
export const typeIntoBox = (state: CodeBoxes, index: number, value: string): CodeBoxes => {
  const box = clampIndex(index);
  const previous = state.chars[box] ?? '';
  let typed = digitsOf(value);
  if (previous !== '' && typed.length === 2) {
    if (typed.startsWith(previous)) typed = typed.slice(1);
    else if (typed.endsWith(previous)) typed = typed.slice(0, 1);
  }
  if (typed === '') {
    if (value !== '') return state;
    const chars = [...state.chars];
    chars[box] = '';
    return { chars, focus: box };
  }
  if (typed.length > 1) return pasteIntoBoxes(state, box, typed);
  const chars = [...state.chars];
  chars[box] = typed;
  return { chars, focus: clampIndex(box + 1) };
};

/** Backspace or Delete: the box is cleared and the focus moves back one box. */
export const eraseBox = (state: CodeBoxes, index: number): CodeBoxes => {
  const box = clampIndex(index);
  const chars = [...state.chars];
  chars[box] = '';
  return { chars, focus: clampIndex(box - 1) };
};

export const moveFocus = (state: CodeBoxes, index: number): CodeBoxes => ({
  ...state,
  focus: clampIndex(index),
});

export const codeOf = (state: CodeBoxes): string => state.chars.join('');

/** The login button is enabled only when all six boxes hold a digit. */
export const isCodeComplete = (state: CodeBoxes): boolean =>
  state.chars.length === SMS_CODE_LENGTH && state.chars.every((char) => /^\d$/.test(char));
