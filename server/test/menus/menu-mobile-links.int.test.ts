import type { MenuExport, MenuItemNode } from '@uniwim/contracts';
import { menuTreeSchema } from '@uniwim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

type Headers = Record<string, string>;
const BASE = '/dmp/admin/menus';

const flatten = <T extends { children: T[] }>(nodes: T[]): T[] =>
  nodes.flatMap((node) => [node, ...flatten(node.children)]);

/**
 * Issue 25: the mobile page lists the user's applications from the shell's menu tree and opens an
 * item's mobile link when it has one (else its page full-screen). The link is kept by the menu
 * editor (checked like any link: no javascript:), sent in the user's tree, and exported.
 */
describe.each(testBackends())('mobile links of menu items on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let admin: Headers;
  let waterOp: Headers;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    admin = bearer(await tokenFor(app, infra.db, 'admin', null));
    waterOp = bearer(await tokenFor(app, infra.db, 'water.op', 't-water'));
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: unknown) =>
    app.server.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: unknown) => {
    const res = await call(method, url, headers, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json().Response;
  };

  it('keeps a mobile link through the editor and sends it in the user’s tree; none is null', async () => {
    const created = await ok('POST', BASE, admin, {
      applicationId: 'app-devices',
      name: '移动巡检',
      link: '/deviceList',
      mobileLink: 'https://m.example.com/inspection',
      isPublic: true,
    });
    expect(created.mobileLink).toBe('https://m.example.com/inspection');

    const tree = flatten(menuTreeSchema.parse(await ok('GET', '/ump/menu/mergeUserMenuTree', waterOp)));
    const node = tree.find((item: MenuItemNode) => item.id === created.id);
    expect(node).toMatchObject({ link: '/deviceList', mobileLink: 'https://m.example.com/inspection' });
    expect(tree.find((item) => item.id === 'm-home')?.mobileLink).toBeNull();

    const file = (await ok('GET', `${BASE}/export?applicationId=app-devices`, admin)) as MenuExport;
    expect(flatten(file.items).find((item) => item.id === created.id)?.mobileLink).toBe(
      'https://m.example.com/inspection',
    );

    const cleared = await ok('PUT', `${BASE}/${created.id}`, admin, {
      mobileLink: '',
      version: created.version,
    });
    expect(cleared.mobileLink).toBeNull();
  });

  it('refuses a mobile link the shell would never open', async () => {
    const res = await call('POST', BASE, admin, {
      applicationId: 'app-devices',
      name: '危险链接',
      mobileLink: 'javascript:alert(1)',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('mobileLink');
  });
});
