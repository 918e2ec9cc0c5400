import { describe, expect, it } from 'vitest';
import { allowedBeforeAndAfter, type HolderState, tenantImpact } from './impact';

const names: Record<string, string> = { a: '甲', b: '乙', c: '丙', d: '丁' };
const name = (id: string) => ({ id, name: names[id] ?? id });
const holder = (overrides: Partial<HolderState> = {}): HolderState => ({
  tenantId: 't-1',
  tenantName: '租户一',
  current: true,
  packageMenus: new Map([
    ['p-changed', new Set(['a', 'b'])],
    ['p-other', new Set(['b', 'c'])],
  ]),
  roles: [
    { roleId: 'admin', roleName: '管理员', isAdmin: true, menuIds: new Set(['a', 'b', 'c']) },
    { roleId: 'op', roleName: '运维', isAdmin: false, menuIds: new Set(['a', 'c']) },
    { roleId: 'guest', roleName: '访客', isAdmin: false, menuIds: new Set(['c']) },
  ],
  ...overrides,
});

describe('the impact of a package change on a tenant holding it', () => {
  it('counts what another current package still gives, and trims roles to what stays', () => {
    const impact = tenantImpact(holder(), 'p-changed', new Set(['b', 'd']), name);
    expect(impact.gains).toEqual([name('d')]);
    // b stays through the change and c through the other package; only a goes.
    expect(impact.losses).toEqual([name('a')]);
    expect(impact.roles).toEqual([
      { roleId: 'admin', roleName: '管理员', isAdmin: true, gains: [name('d')], losses: [name('a')] },
      { roleId: 'op', roleName: '运维', isAdmin: false, gains: [], losses: [name('a')] },
    ]);
  });

  it('changes nothing now for a tenant whose holding of the package is not current', () => {
    const notCurrent = holder({ current: false, packageMenus: new Map([['p-other', new Set(['b', 'c'])]]) });
    const { before, after } = allowedBeforeAndAfter(notCurrent, 'p-changed', new Set(['d']));
    expect([...after]).toEqual([...before]);
    const impact = tenantImpact(notCurrent, 'p-changed', new Set(['d']), name);
    expect(impact.gains).toEqual([]);
    expect(impact.losses).toEqual([]);
    // Roles already holding more than the tenant may use are shown trimmed: the save applies that.
    expect(impact.roles.map((r) => [r.roleId, r.losses.map((m) => m.id)])).toEqual([
      ['admin', ['a']],
      ['op', ['a']],
    ]);
  });
});
