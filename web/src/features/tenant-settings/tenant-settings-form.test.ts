import { describe, expect, it } from 'vitest';
import { passwordRuleChanged, tenantFieldProblem, tenantFieldsOf, toBase64 } from './tenant-settings-form';

describe('tenantFieldsOf', () => {
  it('gives the look the platform page’s controls and the policy its own', () => {
    const look = Object.fromEntries(tenantFieldsOf('signInLook').map((field) => [field.key, field.control]));
    expect(look).toMatchObject({
      loginAccountType: 'orderedList',
      rememberPwd: 'flag',
      customCss: 'textarea',
    });
    expect(look).not.toHaveProperty('showVctCode');
    const security = Object.fromEntries(tenantFieldsOf('security').map((field) => [field.key, field]));
    expect(security.twoFactorRequired?.control).toBe('boolean');
    expect(security.accessTokenMinutes?.control).toBe('number');
    expect(security.pwdRuleType?.options?.map((option) => option.value)).toContain(4);
  });
});

describe('tenantFieldProblem', () => {
  it('answers the schema’s message', () => {
    expect(tenantFieldProblem('security', 'ipAllowList', ['10.0.0.0/8'])).toBeNull();
    expect(tenantFieldProblem('security', 'ipAllowList', ['10.0.0.0/99'])).toContain('IP');
    expect(tenantFieldProblem('basics', 'name', '')).toBe('请输入租户名称');
  });
});

describe('passwordRuleChanged', () => {
  it('sees a change of the rule or the length only', () => {
    expect(passwordRuleChanged({ pwdMinLength: 8, loginTime: 30 }, { pwdMinLength: 8, loginTime: 60 })).toBe(
      false,
    );
    expect(passwordRuleChanged({ pwdMinLength: 8 }, { pwdMinLength: 10 })).toBe(true);
  });
});

describe('toBase64', () => {
  it('encodes bytes', () => {
    expect(toBase64(new Uint8Array([0x89, 0x50, 0x4e, 0x47]).buffer)).toBe('iVBORw==');
  });
});
