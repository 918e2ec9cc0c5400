import { describe, expect, it } from 'vitest';
import {
  ADMINISTRATOR_RIGHTS,
  describeMissing,
  missingRights,
  type Rights,
  unionOfRights,
} from './delegation-rules';

const rights = (codes: string[], menuIds: string[] = [], admin = false): Rights => ({
  admin,
  codes: new Set(codes),
  menuIds: new Set(menuIds),
});

describe('delegation rules', () => {
  it('an administrator covers everything, the administrator role included', () => {
    expect(missingRights(ADMINISTRATOR_RIGHTS, rights(['user:create'], ['m1'], true))).toBeNull();
  });

  it('a subset of codes and menus is covered', () => {
    expect(
      missingRights(rights(['user:list', 'user:create'], ['m1', 'm2']), rights(['user:list'], ['m2'])),
    ).toBeNull();
    expect(missingRights(rights([]), rights([]))).toBeNull();
  });

  it('names the codes and menus the holder lacks', () => {
    expect(
      missingRights(
        rights(['user:list'], ['m1']),
        rights(['user:list', 'user:create', 'role:grant'], ['m1', 'm9']),
      ),
    ).toEqual({
      admin: false,
      codes: ['role:grant', 'user:create'],
      menuIds: ['m9'],
    });
  });

  it('the administrator role is never covered by codes alone', () => {
    const everything = rights(['user:list', 'role:grant']);
    expect(missingRights(everything, rights([], [], true))).toEqual({ admin: true, codes: [], menuIds: [] });
  });

  it('a member holds the union of their roles', () => {
    const member = unionOfRights([rights(['a'], ['m1']), rights(['b'], ['m2'], false)]);
    expect(missingRights(member, rights(['a', 'b'], ['m1', 'm2']))).toBeNull();
    expect(unionOfRights([rights([]), rights([], [], true)]).admin).toBe(true);
  });

  it('describes what is missing for the refusal', () => {
    expect(describeMissing({ admin: true, codes: ['user:create'], menuIds: ['m1', 'm2'] })).toBe(
      '租户管理员角色，权限 user:create，2 个菜单',
    );
  });
});
