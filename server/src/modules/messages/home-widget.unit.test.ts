import { describe, expect, it } from 'vitest';
import { summaryOf } from './home-widget';

describe('summaryOf', () => {
  it('keeps the text without markup or runs of white space', () => {
    expect(summaryOf('<p>泵站 <b>3 号</b>\n\n  压力过低</p>')).toBe('泵站 3 号 压力过低');
  });

  it('cuts a long text and says so', () => {
    expect(summaryOf('一二三四五六', 4)).toBe('一二三四…');
    expect(summaryOf('一二三四', 4)).toBe('一二三四');
  });
});
