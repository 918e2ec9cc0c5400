import { describe, expect, it } from 'vitest';
import { templateParams } from './message-template-text';

describe('message template placeholders', () => {
  it('finds each {param} once, in order, across the channels', () => {
    expect(templateParams('您好{name}，工单{orderNo}将于{due}到期', '{orderNo}：{name}')).toEqual([
      'name',
      'orderNo',
      'due',
    ]);
  });

  it('leaves other braces, empty ones and missing texts alone', () => {
    expect(templateParams('{} {1abc} {中文} {a-b} {ok_1}', null, undefined)).toEqual(['ok_1']);
  });
});
