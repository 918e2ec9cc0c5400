import { describe, expect, it } from 'vitest';
import type { AppError } from '../../platform/errors';
import { type Definition, plannedDefinition } from './definition-rules';

const pageSize: Definition = {
  type: 'number',
  value: '20',
  choices: [],
  builtin: true,
  clientReadable: true,
};
const title: Definition = { type: 'text', value: '平台', choices: [], builtin: false, clientReadable: true };
const smsKey: Definition = {
  type: 'secret',
  value: null,
  choices: [],
  builtin: false,
  clientReadable: false,
};

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    const e = error as AppError;
    return { name: e.errorName, message: e.message, details: e.details };
  }
  throw new Error('expected a refusal');
};

describe('an edit of a platform parameter', () => {
  it('writes a value that fits the type, and refuses one that does not, on its field', () => {
    expect(plannedDefinition(pageSize, { value: '50' }).values).toEqual({ value: '50' });
    expect(refusal(() => plannedDefinition(pageSize, { value: 'many' }))).toEqual({
      name: 'PARAMETER_VALUE_INVALID',
      message: '请输入数字',
      details: [{ path: 'body.value', message: '请输入数字' }],
    });
  });

  it('keeps the type of a built-in parameter, and never turns a value into a secret or back', () => {
    expect(refusal(() => plannedDefinition(pageSize, { type: 'text' })).name).toBe('BUILTIN_RECORD');
    expect(refusal(() => plannedDefinition(title, { type: 'secret' })).name).toBe(
      'PARAMETER_TYPE_CHANGE_REFUSED',
    );
    expect(refusal(() => plannedDefinition(smsKey, { type: 'text', value: 'x' })).name).toBe(
      'PARAMETER_TYPE_CHANGE_REFUSED',
    );
  });

  it('checks the current value against a new type, and asks to recheck tenants', () => {
    expect(refusal(() => plannedDefinition(title, { type: 'number' })).message).toBe(
      '请输入数字（当前值不符合新的类型，请一并修改）',
    );
    const planned = plannedDefinition(title, {
      type: 'choice',
      value: 'a',
      choices: [{ value: 'a', label: 'A' }],
    });
    expect(planned.recheckTenantValues).toBe(true);
    expect(plannedDefinition(title, { name: '标题' }).recheckTenantValues).toBe(false);
  });

  it('takes a new secret apart from the readable columns, and never opens a secret to clients', () => {
    const planned = plannedDefinition(smsKey, { value: 'k-123', name: '短信密钥' });
    expect(planned).toEqual({
      values: { name: '短信密钥' },
      secretValue: 'k-123',
      recheckTenantValues: false,
    });
    expect(plannedDefinition(smsKey, { name: '密钥' }).secretValue).toBeUndefined();
    expect(refusal(() => plannedDefinition(smsKey, { clientReadable: true })).details).toEqual([
      { path: 'body.clientReadable', message: '密文参数不能开放给客户端读取' },
    ]);
  });
});
