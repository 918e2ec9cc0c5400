import { describe, expect, it } from 'vitest';
import {
  type CodeBoxes,
  codeOf,
  emptyCodeBoxes,
  eraseBox,
  isCodeComplete,
  moveFocus,
  pasteIntoBoxes,
  typeIntoBox,
} from './code-boxes';

const boxes = (code: string, focus = 0): CodeBoxes => ({
  chars: code
    .padEnd(6, ' ')
    .split('')
    .map((char) => (char === ' ' ? '' : char)),
  focus,
});

describe('the six code boxes', () => {
  it('start empty with the focus on the first box', () => {
    expect(emptyCodeBoxes()).toEqual({ chars: ['', '', '', '', '', ''], focus: 0 });
  });

  it('typing a digit fills the box and moves the focus to the next one', () => {
    let state = emptyCodeBoxes();
    for (const [index, digit] of [...'482913'].entries()) state = typeIntoBox(state, index, digit);
    expect(state).toEqual({ chars: [...'482913'], focus: 5 });
    expect(codeOf(state)).toBe('482913');
  });

  it('the last box keeps the focus', () => {
    expect(typeIntoBox(boxes('48291', 5), 5, '3').focus).toBe(5);
  });

  it('typing into a filled box replaces its digit, whichever side of it the caret was', () => {
    expect(typeIntoBox(boxes('482913', 2), 2, '27')).toEqual({ chars: [...'487913'], focus: 3 });
    expect(typeIntoBox(boxes('482913', 2), 2, '72')).toEqual({ chars: [...'487913'], focus: 3 });
    expect(typeIntoBox(boxes('482913', 2), 2, '22')).toEqual({ chars: [...'482913'], focus: 3 });
  });

  it('ignores anything but digits', () => {
    const state = boxes('48', 2);
    expect(typeIntoBox(state, 2, 'a')).toBe(state);
    expect(typeIntoBox(state, 2, ' ')).toBe(state);
  });

  it('an input emptied without a key event (mobile keyboards) clears the box', () => {
    expect(typeIntoBox(boxes('482', 2), 2, '')).toEqual(boxes('48', 2));
  });

  it('backspace clears the box and moves back', () => {
    let state = boxes('482913', 5);
    state = eraseBox(state, 5);
    expect(state).toEqual(boxes('48291', 4));
    state = eraseBox(state, state.focus);
    expect(state).toEqual(boxes('4829', 3));
  });

  it('delete does the same, and the first box stays the first', () => {
    expect(eraseBox(boxes('4', 0), 0)).toEqual(boxes('', 0));
    expect(eraseBox(boxes('482913', 2), 2)).toEqual({ chars: ['4', '8', '', '9', '1', '3'], focus: 1 });
  });

  it('pasting six digits fills every box, whichever box it lands in', () => {
    expect(pasteIntoBoxes(emptyCodeBoxes(), 0, '482913')).toEqual(boxes('482913', 5));
    expect(pasteIntoBoxes(boxes('11', 2), 3, ' 482 913 ')).toEqual(boxes('482913', 5));
    expect(pasteIntoBoxes(emptyCodeBoxes(), 0, '您的验证码为482913，5分钟内有效')).toEqual(
      boxes('482913', 5),
    );
  });

  it('pasting fewer digits fills from the box pasted into', () => {
    expect(pasteIntoBoxes(boxes('48', 2), 2, '29')).toEqual(boxes('4829', 4));
    expect(pasteIntoBoxes(boxes('', 4), 4, '7777')).toEqual({ chars: ['', '', '', '', '7', '7'], focus: 5 });
    const state = boxes('48', 2);
    expect(pasteIntoBoxes(state, 2, 'no digits')).toBe(state);
  });

  it('several digits typed at once (autofill of a one-time code) count as a paste', () => {
    expect(typeIntoBox(emptyCodeBoxes(), 0, '482913')).toEqual(boxes('482913', 5));
  });

  it('the focus moves within the six boxes only', () => {
    expect(moveFocus(boxes('48'), -1).focus).toBe(0);
    expect(moveFocus(boxes('48'), 9).focus).toBe(5);
    expect(moveFocus(boxes('48'), 3).focus).toBe(3);
  });

  it('is complete only with six digits', () => {
    expect(isCodeComplete(boxes('482913'))).toBe(true);
    expect(isCodeComplete(boxes('48291'))).toBe(false);
    expect(isCodeComplete(eraseBox(boxes('482913', 2), 2))).toBe(false);
    expect(isCodeComplete(emptyCodeBoxes())).toBe(false);
  });
});
