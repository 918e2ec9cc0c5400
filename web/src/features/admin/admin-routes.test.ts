import { ADMIN_ROUTES } from '@uniwim/contracts/client';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_RESOURCE_PATHS,
  PLATFORM_DICTIONARIES_PATH,
  PLATFORM_FILES_PATH,
  PLATFORM_PARAMETERS_PATH,
  PLATFORM_USER_LEDGER_PATH,
} from './admin-route-paths';
import { ADMIN_RESOURCE_ROUTES, ADMIN_SCOPED_ROUTES } from './admin-routes';

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
