import { tenantAdminPagesOf } from '@uniwim/contracts';
import { describe, expect, it } from 'vitest';
import { keepPagesAndTheirGroups, withoutTenantPages } from './console-pages';
import type { AdminMenuRow } from './tree';

const item = (id: string, parentId: string | null): AdminMenuRow => ({
  id,
  parentId,
  name: id,
  nameEn: null,
  link: null,
  sort: 0,
  target: null,
  menuStyle: null,
  visibleCondition: null,
  disabled: false,
});

describe('console pages of a member who is not an administrator', () => {
  it('opens a page with its first code only', () => {
    expect(tenantAdminPagesOf(['user:list', 'role:grant'])).toEqual(['am-users']);
    expect(tenantAdminPagesOf(['role:list', 'tenant-job:list'])).toEqual(['am-downloads', 'am-roles']);
    expect(tenantAdminPagesOf([])).toEqual([]);
  });

  it('keeps the pages and the groups above them', () => {
    const rows = [
      item('am-organisation', null),
      item('am-users', 'am-organisation'),
      item('am-roles', 'am-organisation'),
      item('am-system', null),
      item('am-dictionaries', 'am-system'),
      item('am-downloads', null),
    ];
    expect(keepPagesAndTheirGroups(rows, ['am-users', 'am-downloads', 'am-gone']).map((r) => r.id)).toEqual([
      'am-organisation',
      'am-users',
      'am-downloads',
    ]);
  });
});

describe("a platform administrator's console outside any tenant (issue 25)", () => {
  const page = (id: string, parentId: string | null, link: string | null): AdminMenuRow => ({
    ...item(id, parentId),
    link,
  });

  it("leaves out the pages of one tenant's data and the groups they leave empty", () => {
    const rows = [
      page('am-organisation', null, null),
      page('am-users', 'am-organisation', '/umpUser'),
      page('am-system', null, null),
      page('am-dictionaries', 'am-system', '/umpDict'),
      page('am-platform-dictionaries', 'am-system', '/umpDict?scope=dmp'),
      page('am-tenant-menus', 'am-system', '/umpApplicationMenu?scope=ump'),
      page('am-downloads', null, '/downloadPage'),
      page('am-tenant-manage', null, '/dmpTenantManage'),
    ];
    expect(withoutTenantPages(rows).map((row) => row.id)).toEqual([
      'am-system',
      'am-platform-dictionaries',
      'am-downloads',
      'am-tenant-manage',
    ]);
  });
});
