import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTES } from '../../lib/shell/link-resolution';
import { ADMIN_RESOURCE_PATHS } from './admin-route-paths';
import { ADMIN_RESOURCE_ROUTES } from './admin-routes';

describe('admin resource routes', () => {
  it('names the same routes in the first chunk and in the view, each a route of the spec', () => {
    expect([...ADMIN_RESOURCE_PATHS].sort()).toEqual(Object.keys(ADMIN_RESOURCE_ROUTES).sort());
    for (const path of ADMIN_RESOURCE_PATHS) expect(ADMIN_ROUTES).toContain(path);
  });
});
