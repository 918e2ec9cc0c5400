import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTES_WITH_A_SCOPE, adminPageOf, needsTenant } from './admin-page-scope';
import { ADMIN_ROUTES } from './menu-links';

describe('admin pages by their path and declared parameter (issue 25)', () => {
  it('declares the scope of every admin route once', () => {
    expect([...ADMIN_ROUTES_WITH_A_SCOPE].sort()).toEqual([...ADMIN_ROUTES].sort());
  });

  it('ignores the frame parameters: a menu link and its framed address are the same page', () => {
    const framed =
      '/umpDict?scope=dmp&uniwater_utoken=abc&component_title=%E5%B9%B3%E5%8F%B0&__uniwim_id=am-x&pageSource=dly';
    expect(adminPageOf(framed)).toEqual({
      path: '/umpDict',
      requestedScope: 'dmp',
      scope: 'dmp',
      key: '/umpDict?scope=dmp',
    });
    expect(adminPageOf('/umpDict?uniwater_utoken=abc&component_title=x')).toEqual({
      path: '/umpDict',
      requestedScope: null,
      scope: 'ump',
      key: '/umpDict',
    });
    // The scope may come after the frame's parameters, and a hash part is not the query.
    expect(adminPageOf('/loginStatistics?uniwater_utoken=abc&scope=dmp#x')?.key).toBe(
      '/loginStatistics?scope=dmp',
    );
  });

  it("names each route's own scope, and a requested one over it", () => {
    expect(adminPageOf('/dmpTenantManage')?.scope).toBe('dmp');
    expect(adminPageOf('/umpApplicationMenu')?.scope).toBe('dmp');
    expect(adminPageOf('/umpApplicationMenu?scope=ump')?.scope).toBe('ump');
    expect(adminPageOf('/umpUser')?.scope).toBe('ump');
    expect(adminPageOf('/downloadPage')?.scope).toBeNull();
    // Naming the route's own scope is the route's own page.
    expect(adminPageOf('/umpApplicationMenu?scope=dmp')?.key).toBe('/umpApplicationMenu');
    expect(adminPageOf('/umpUser?scope=ump')).toMatchObject({ key: '/umpUser', requestedScope: null });
    // Either-scope routes take the scope they are asked in.
    expect(adminPageOf('/downloadPage?scope=dmp')).toMatchObject({
      key: '/downloadPage?scope=dmp',
      scope: 'dmp',
    });
  });

  it('is no admin page for other paths or an unknown scope', () => {
    expect(adminPageOf('/homepage')).toBeUndefined();
    expect(adminPageOf('/umpdict')).toBeUndefined();
    expect(adminPageOf('/umpDict?scope=all')).toBeUndefined();
  });

  it("needs a tenant exactly for pages of one tenant's data", () => {
    expect(needsTenant('/umpUser')).toBe(true);
    expect(needsTenant('/umpDict?scope=dmp')).toBe(false);
    expect(needsTenant('/umpApplicationMenu?scope=ump')).toBe(true);
    expect(needsTenant('/downloadPage')).toBe(false);
    expect(needsTenant('/dmpTenantManage')).toBe(false);
    expect(needsTenant('/homepage')).toBe(false);
  });
});
