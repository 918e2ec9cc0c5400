import { describe, expect, it } from 'vitest';
import { legacyDictionaryCode } from '../shell';
import { parameterValueProblem } from './parameter-values';
import { platformParameterCreateSchema } from './resources/parameters';

describe('parameterValueProblem', () => {
  it('takes any text of a text parameter, up to the length limit', () => {
    expect(parameterValueProblem('text', '')).toBeNull();
    expect(parameterValueProblem('text', '116.40,39.90')).toBeNull();
    expect(parameterValueProblem('text', 'x'.repeat(4_001))).toBe('参数值最多4000个字符');
  });

  it('takes only finite numbers without spaces for a number', () => {
    for (const good of ['0', '20', '-3.5', '1e3']) expect(parameterValueProblem('number', good)).toBeNull();
    for (const bad of ['', ' 20', 'abc', 'Infinity', 'NaN', '1,000']) {
      expect(parameterValueProblem('number', bad)).toBe('请输入数字');
    }
  });

  it('takes true or false for a boolean, one of the choices for a choice', () => {
    expect(parameterValueProblem('boolean', 'true')).toBeNull();
    expect(parameterValueProblem('boolean', 'yes')).toBe('布尔值只能是 true 或 false');
    const choices = [{ value: 'light', label: '浅色' }];
    expect(parameterValueProblem('choice', 'light', choices)).toBeNull();
    expect(parameterValueProblem('choice', 'dark', choices)).toBe('请从可选值中选择');
  });

  it('takes valid JSON for a json parameter and a non-empty secret', () => {
    expect(parameterValueProblem('json', '{"a":[1,2]}')).toBeNull();
    expect(parameterValueProblem('json', '{a:1}')).toBe('请输入有效的 JSON');
    expect(parameterValueProblem('secret', 's3cr3t')).toBeNull();
    expect(parameterValueProblem('secret', '')).toBe('请输入密文值');
  });
});

describe('the platform parameter form', () => {
  const issues = (body: unknown) =>
    platformParameterCreateSchema.safeParse(body).error?.issues.map((i) => [i.path.join('.'), i.message]) ??
    [];

  it('names the field whose value does not fit the type', () => {
    expect(issues({ key: 'pageSize', name: '每页条数', type: 'number', value: 'twenty' })).toEqual([
      ['value', '请输入数字'],
    ]);
    expect(issues({ key: 'theme', name: '主题', type: 'choice', value: 'a' })).toEqual([
      ['choices', '选项类型至少需要一个选项'],
      ['value', '请从可选值中选择'],
    ]);
    expect(issues({ key: 'smsKey', name: '短信密钥', type: 'secret', clientReadable: true })).toEqual([
      ['clientReadable', '密文参数不能开放给客户端读取'],
    ]);
    expect(issues({ key: 'title', name: '标题', type: 'text' })).toEqual([['value', '请输入参数值']]);
    expect(issues({ key: 'smsKey', name: '短信密钥', type: 'secret' })).toEqual([]);
  });
});

describe('legacyDictionaryCode', () => {
  it('finds the snake_case code of a code asked in the earlier style', () => {
    expect(legacyDictionaryCode('deviceType')).toBe('device_type');
    expect(legacyDictionaryCode('device_status')).toBe('device_status');
    expect(legacyDictionaryCode('pump.curve-Kind')).toBe('pump_curve_kind');
    expect(legacyDictionaryCode('HTTPCode2Name')).toBe('httpcode2_name');
  });
});
