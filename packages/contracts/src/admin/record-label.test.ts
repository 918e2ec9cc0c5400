import { describe, expect, it } from 'vitest';
import * as contracts from '../index';
import { type ResourceDeclaration, recordLabelOf } from './resource';

const declarations = Object.values(contracts).filter(
  (value): value is ResourceDeclaration =>
    typeof value === 'object' && value !== null && 'row' in value && 'scope' in value && 'columns' in value,
);

describe('recordLabelOf: how confirmations name a record', () => {
  it('names a notice by its title, never by its id (issue 25)', () => {
    const notice = { id: 'n-10b36ebf-4c1e', title: '停水通知', version: 1 };
    expect(recordLabelOf(contracts.noticesResource, notice)).toBe('停水通知');
    expect(recordLabelOf(contracts.platformNoticesResource, notice)).toBe('停水通知');
  });

  it('names a person by name and account', () => {
    const user = { id: 'acc-1', username: 'zhang.san', name: '张三', version: 1 };
    expect(recordLabelOf(contracts.tenantUsersResource, user)).toBe('张三（zhang.san）');
  });

  it('falls back to the name, title, label, account or code, and to the id only when there is none', () => {
    const plain: Pick<ResourceDeclaration, 'recordLabel'> = {};
    expect(recordLabelOf(plain, { id: 'r-1', name: '管理员', code: 'admin' })).toBe('管理员');
    expect(recordLabelOf(plain, { id: 'r-1', title: '公告' })).toBe('公告');
    expect(recordLabelOf(plain, { id: 'i-1', label: '离心泵', code: 'pump' })).toBe('离心泵');
    expect(recordLabelOf(plain, { id: 'r-1', name: ' ', code: 'admin' })).toBe('admin');
    expect(recordLabelOf(plain, { id: 'r-1' })).toBe('r-1');
  });

  it('names a record of every declaration that has actions by something other than its id', () => {
    const withActions = declarations.filter((declaration) => declaration.actions);
    expect(withActions.length).toBeGreaterThan(10);
    for (const declaration of withActions) {
      const shape = declaration.row.shape as Record<string, unknown>;
      // A row with every text field filled with its own name, so a label drawn from any of them is not the id.
      const row = Object.fromEntries(Object.keys(shape).map((key) => [key, `<${key}>`])) as Record<
        string,
        unknown
      > & { id: string };
      row.id = 'internal-id';
      expect(recordLabelOf(declaration, row), `${declaration.scope}/${declaration.name}`).not.toBe(
        'internal-id',
      );
    }
  });
});
