import { permissionCodesOf } from '@uniwim/contracts';
import { describe, expect, it } from 'vitest';
import { effectivePermissionsOf, type HeldRole, type MemberFacts } from './effective';

const member: MemberFacts = {
  accountId: 'acc-1',
  username: 'op',
  name: '运维',
  status: 'active',
  department: { id: 'd-ops', path: 'd-root/d-ops/', name: '运营部' },
};
const departments = [
  { id: 'd-root', path: 'd-root/', name: '公司' },
  { id: 'd-ops', path: 'd-root/d-ops/', name: '运营部' },
  { id: 'd-svc', path: 'd-root/d-svc/', name: '客服部' },
];
const role = (id: string, fields: Partial<HeldRole>): HeldRole => ({
  id,
  name: id,
  code: id,
  status: 'active',
  isAdmin: false,
  dataScope: 'self',
  permissions: [],
  customDepartmentIds: [],
  ...fields,
});

describe('effectivePermissionsOf', () => {
  it('names the roles each menu and code comes from; disabled roles grant nothing', () => {
    const effective = effectivePermissionsOf(
      member,
      [
        role('a', { permissions: ['user:list', 'tenant:list', 'role:list'] }),
        role('b', { permissions: ['user:list'] }),
        role('c', { status: 'disabled', permissions: ['role:delete'] }),
      ],
      [
        { id: 'm1', name: '首页', applicationName: '工作台', roleId: 'a' },
        { id: 'm1', name: '首页', applicationName: '工作台', roleId: 'b' },
        { id: 'm2', name: '地图', applicationName: '设备', roleId: 'c' },
      ],
      departments,
    );
    expect(effective.menus).toEqual([
      {
        id: 'm1',
        name: '首页',
        applicationName: '工作台',
        roles: [
          { id: 'a', name: 'a' },
          { id: 'b', name: 'b' },
        ],
      },
    ]);
    // a platform code in a tenant role grants nothing
    expect(effective.permissions.map((p) => [p.code, p.roles.map((r) => r.id)])).toEqual([
      ['user:list', ['a', 'b']],
      ['role:list', ['a']],
    ]);
    expect(effective.roles.map((r) => r.status)).toEqual(['active', 'active', 'disabled']);
  });

  it('unites the scopes: custom departments, own department and below, own records', () => {
    const effective = effectivePermissionsOf(
      member,
      [
        role('a', { dataScope: 'custom', customDepartmentIds: ['d-svc'] }),
        role('b', { dataScope: 'department_and_below' }),
      ],
      [],
      departments,
    );
    expect(effective.dataScope).toEqual({
      all: false,
      departmentNames: ['客服部'],
      subtreeNames: ['运营部'],
      ownRecords: true,
      roles: [
        { id: 'a', name: 'a' },
        { id: 'b', name: 'b' },
      ],
    });
    expect(effective.roles[0]!.departmentNames).toEqual(['客服部']);
  });

  it('gives an administrator role every tenant code and all data', () => {
    const effective = effectivePermissionsOf(member, [role('admin', { isAdmin: true })], [], departments);
    expect(effective.permissions.length).toBe(permissionCodesOf('tenant').length);
    expect(effective.dataScope).toMatchObject({ all: true, roles: [{ id: 'admin' }] });
    expect(effective.roles[0]!.dataScope).toBe('all');
  });

  it('grants a disabled member nothing', () => {
    const effective = effectivePermissionsOf(
      { ...member, status: 'disabled' },
      [role('admin', { isAdmin: true })],
      [{ id: 'm1', name: '首页', applicationName: '工作台', roleId: 'admin' }],
      departments,
    );
    expect(effective.menus).toEqual([]);
    expect(effective.permissions).toEqual([]);
    expect(effective.dataScope.all).toBe(false);
  });
});
