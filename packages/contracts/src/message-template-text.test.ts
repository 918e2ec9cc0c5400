import { describe, expect, it } from 'vitest';
import { fillTemplate, missingTemplateParams, templateParams } from './message-template-text';

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

describe('filling a message template', () => {
  it('replaces each placeholder with its value, every time it appears', () => {
    expect(fillTemplate('{name}您好，工单{orderNo}请{name}处理', { name: '张三', orderNo: 'W-1' })).toBe(
      '张三您好，工单W-1请张三处理',
    );
  });

  it('lists the placeholders without a value, blank ones included', () => {
    expect(missingTemplateParams({ name: '张三', due: '  ' }, '{name}{orderNo}', '{due}')).toEqual([
      'orderNo',
      'due',
    ]);
  });
});
