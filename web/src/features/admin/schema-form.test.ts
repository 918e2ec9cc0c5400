import {
  messageTemplatesResource,
  messageTemplateTestBodySchema,
  tenantCreateSchema,
  tenantsResource,
  tenantUpdateSchema,
} from '@uniwim/contracts';
import { describe, expect, it } from 'vitest';
import { bodyOf, fieldErrorsOf, formFieldsOf, validateWith, valuesOf } from './schema-form';

describe('forms from a declaration', () => {
  const fields = formFieldsOf(tenantsResource, tenantCreateSchema);

  it('has a field per schema property, with kinds, titles and the nested administrator group', () => {
    const byKey = Object.fromEntries(fields.map((f) => [f.key, f]));
    expect(byKey.code).toMatchObject({ kind: 'text', required: true, title: { zh: '编码', en: 'Code' } });
    expect(byKey.seatLimit).toMatchObject({ kind: 'number', required: false, nullable: true });
    expect(byKey.expiresAt).toMatchObject({ kind: 'datetime' });
    expect(byKey.domains).toMatchObject({ kind: 'tags' });
    expect(byKey.sendPasswordBySms).toMatchObject({ kind: 'boolean' });
    expect(byKey.admin?.kind).toBe('group');
    expect(byKey.admin?.children?.map((c) => [c.key, c.required, c.title.zh])).toEqual([
      ['admin.mobile', true, '管理员手机号'],
      ['admin.username', false, '管理员账号'],
      ['admin.name', false, '管理员姓名'],
    ]);
  });

  it('turns form values into the body, clears emptied nullable fields, and validates with the schema', () => {
    const body = bodyOf(fields, {
      code: ' acme ',
      name: 'Acme 公司',
      contactName: '',
      'admin.mobile': '13812345678',
    });
    expect(body).toEqual({
      code: 'acme',
      name: 'Acme 公司',
      contactName: null,
      contactPhone: null,
      seatLimit: null,
      expiresAt: null,
      admin: { mobile: '13812345678' },
    });
    expect(validateWith(tenantCreateSchema, body)).toEqual({});
    const errors = validateWith(tenantCreateSchema, { ...body, code: '1x', admin: { mobile: '123' } });
    expect(errors.code).toMatch(/编码以小写字母开头/);
    expect(errors['admin.mobile']).toBe('手机号格式不正确');
  });

  it('fills the edit form from a record and reads server errors onto fields', () => {
    const editFields = formFieldsOf(tenantsResource, tenantUpdateSchema);
    expect(valuesOf(editFields, { name: 'Acme', seatLimit: 5, code: 'ignored' })).toEqual({
      name: 'Acme',
      seatLimit: 5,
    });
    expect(fieldErrorsOf([{ path: 'body.code', message: '编码已存在' }, { nonsense: true }])).toEqual({
      code: '编码已存在',
    });
  });
});

describe('a field of values by name', () => {
  it('is one field whose object value goes into the body as it is (the test of a message template)', () => {
    const fields = formFieldsOf(messageTemplatesResource, messageTemplateTestBodySchema);
    const values = fields.find((field) => field.key === 'values');
    expect(values).toMatchObject({ kind: 'text', title: { zh: '参数值', en: 'Parameter values' } });
    expect(bodyOf(fields, { recipient: ' water.op ', values: { orderNo: 'W-1' } })).toEqual({
      recipient: 'water.op',
      values: { orderNo: 'W-1' },
    });
  });
});
