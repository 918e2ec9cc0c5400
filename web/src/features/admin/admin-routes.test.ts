import { ADMIN_ROUTES } from '@uniwim/contracts/client';
import { describe, expect, it } from 'vitest';
import { adminPageTitle, TITLED_ADMIN_PAGES } from './admin-page-titles';
import {
  ADMIN_RESOURCE_PATHS,
  PLATFORM_DICTIONARIES_PATH,
  PLATFORM_FILES_PATH,
  PLATFORM_PARAMETERS_PATH,
  PLATFORM_USER_LEDGER_PATH,
} from './admin-route-paths';
import {
  ADMIN_RESOURCE_ROUTES,
  ADMIN_SCOPED_ROUTES,
  openingPermissionOf,
  resolveAdminPage,
} from './admin-routes';

describe('admin resource routes', () => {
  it('names the same routes in the first chunk and in the view, each a route of the spec', () => {
    expect([...ADMIN_RESOURCE_PATHS].sort()).toEqual(Object.keys(ADMIN_RESOURCE_ROUTES).sort());
    for (const path of ADMIN_RESOURCE_PATHS) expect(ADMIN_ROUTES).toContain(path);
  });

  it('opens the platform user register from its menu link, the tenant one without a scope', () => {
    expect(ADMIN_SCOPED_ROUTES[PLATFORM_USER_LEDGER_PATH]?.tabs[0]?.declaration.scope).toBe('dmp');
    expect(ADMIN_RESOURCE_ROUTES['/userLedger']?.tabs[0]?.declaration.scope).toBe('ump');
    expect(ADMIN_RESOURCE_PATHS.has(PLATFORM_USER_LEDGER_PATH.split('?')[0]!)).toBe(true);
  });

  it('opens the platform’s own files from its menu link, the tenant’s on /resourceManagement', () => {
    expect(ADMIN_SCOPED_ROUTES[PLATFORM_FILES_PATH]?.tabs[0]?.declaration.scope).toBe('dmp');
    expect(ADMIN_RESOURCE_ROUTES['/resourceManagement']?.tabs[0]?.declaration).toMatchObject({
      scope: 'ump',
      name: 'files',
    });
  });

  it("opens the platform's dictionaries and parameters from their menu links, the tenant's without a scope", () => {
    for (const [scoped, plain] of [
      [PLATFORM_DICTIONARIES_PATH, '/umpDict'],
      [PLATFORM_PARAMETERS_PATH, '/umpParameters'],
    ] as const) {
      expect(ADMIN_SCOPED_ROUTES[scoped]?.tabs[0]?.declaration.scope).toBe('dmp');
      expect(ADMIN_RESOURCE_ROUTES[plain]?.tabs[0]?.declaration.scope).toBe('ump');
      expect(scoped.startsWith(`${plain}?`)).toBe(true);
    }
  });
});

/** The parameters the shell appends to every frame's address (frame-url.ts), the defect's case. */
const FRAME_PARAMETERS =
  'uniwater_utoken=eyJ.abc.def&uniwim_tenant_id=t-water&component_title=%E5%B9%B3%E5%8F%B0&applicationId=admin-console&_v=1.0.0&__uniwim_scene=admin&__uniwim_id=am-x&pageSource=dly';

const framed = (key: string) => `${key}${key.includes('?') ? '&' : '?'}${FRAME_PARAMETERS}`;
const split = (address: string): [string, string] => {
  const at = address.indexOf('?');
  return [address.slice(0, at), address.slice(at)];
};

describe('the admin page registry by route and declared scope (issue 25)', () => {
  const registry = [
    ...Object.entries(ADMIN_RESOURCE_ROUTES),
    ...Object.entries(ADMIN_SCOPED_ROUTES),
  ] as const;

  it('opens each page from its framed address, whatever the frame adds', () => {
    for (const [key, page] of registry) {
      const resolved = resolveAdminPage(...split(framed(key)));
      expect(resolved?.key, key).toBe(key);
      expect(resolved?.tabs, key).toBe(page.tabs);
      expect(resolved?.view, key).toBe(page.view);
    }
    // The scope may come after the frame's parameters too.
    expect(resolveAdminPage('/umpDict', `?${FRAME_PARAMETERS}&scope=dmp`)?.key).toBe('/umpDict?scope=dmp');
  });

  it('asks only APIs of the scope the address names', () => {
    for (const [key, page] of registry) {
      const resolved = resolveAdminPage(...split(framed(key)))!;
      for (const tab of page.tabs)
        expect(tab.declaration.scope, `${key} ${tab.declaration.name}`).toBe(resolved.scope);
    }
    expect(resolveAdminPage('/umpApplicationMenu', '?scope=ump')?.scope).toBe('ump');
    expect(resolveAdminPage('/loginStatistics', `?scope=dmp&${FRAME_PARAMETERS}`)?.scope).toBe('dmp');
  });

  it('opens no page for an address of no admin page or an unknown scope', () => {
    expect(resolveAdminPage('/umpDict', '?scope=everyone')).toBeUndefined();
    expect(resolveAdminPage('/umpUser', '?scope=dmp')).toBeUndefined();
    expect(resolveAdminPage('/nowhere', '')).toBeUndefined();
  });

  it('titles each page by its own name, not 系统管理', () => {
    for (const [key] of registry) {
      if (key === '/todoList') continue; // titled 我的待办 by its view: every member's inbox
      expect(TITLED_ADMIN_PAGES, key).toContain(key);
    }
    expect(adminPageTitle('/umpDict?scope=dmp', 'zh-CN')).toBe('平台数据字典');
    expect(adminPageTitle('/loginStatistics?scope=dmp', 'en-US')).toBe('Login statistics (all tenants)');
  });

  it('refuses a page laid out by its own component before it asks anything, unless every member may open it', () => {
    expect(openingPermissionOf(ADMIN_RESOURCE_ROUTES['/searchSet']!)).toBe('search-settings:read');
    expect(openingPermissionOf(ADMIN_RESOURCE_ROUTES['/umpApplicationMenu']!)).toBe('menu:list');
    expect(openingPermissionOf(ADMIN_SCOPED_ROUTES['/umpApplicationMenu?scope=ump']!)).toBe(
      'tenant-menu:list',
    );
    expect(openingPermissionOf(ADMIN_RESOURCE_ROUTES['/todoList']!)).toBeNull();
    for (const [key, page] of registry)
      if (page.view && key !== '/todoList') expect(openingPermissionOf(page), key).not.toBeNull();
  });
});
