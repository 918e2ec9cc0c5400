import { describe, expect, it } from 'vitest';
import { splitLabelOf } from './split-labels';

describe('statistics split labels', () => {
  it('names device types and modes as the login log does, in the page language', () => {
    expect(splitLabelOf('device', 'desktop', 'zh-CN', '未知')).toBe('电脑');
    expect(splitLabelOf('device', 'mobile', 'zh-CN', '未知')).toBe('手机');
    expect(splitLabelOf('device', 'desktop', 'en-US', 'Unknown')).toBe('Desktop');
    expect(splitLabelOf('device', 'unknown', 'zh-CN', '未知')).toBe('未知');
    expect(splitLabelOf('mode', 'password', 'zh-CN', '未知')).toBe('密码');
    expect(splitLabelOf('mode', 'sms', 'en-US', 'Unknown')).toBe('SMS code');
  });

  it('keeps systems, browsers and regions as named, unknown in words', () => {
    expect(splitLabelOf('os', 'Windows', 'zh-CN', '未知')).toBe('Windows');
    expect(splitLabelOf('browser', 'unknown', 'en-US', 'Unknown')).toBe('Unknown');
    expect(splitLabelOf('province', '广东省', 'zh-CN', '未知')).toBe('广东省');
  });
});
