import type { MenuItemNode } from '@uniwim/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMenusRepo, type MenusRepo } from '../../src/modules/menus/repo';
import { menuItems } from '../../src/modules/menus/schema';
import { createMenuTreeService } from '../../src/modules/menus/service';
import type { ActiveSession } from '../../src/modules/sessions/repo';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { accountIdOf, bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

const ids = (nodes: MenuItemNode[]): string[] => nodes.flatMap((n) => [n.id, ...ids(n.children)]);
const treeIn = (answer: { identity: Buffer }): MenuItemNode[] =>
  JSON.parse(answer.identity.toString('utf8')).Response;

/** The real repo, counting the tree queries it runs. */
const countingRepo = (repo: MenusRepo) => {
  const counts = { treeRows: 0, roleIdsOf: 0 };
  const counted: MenusRepo = {
    ...repo,
    treeRows: (query) => {
      counts.treeRows += 1;
      return repo.treeRows(query);
    },
    roleIdsOf: (tenantId, accountId) => {
      counts.roleIdsOf += 1;
      return repo.roleIdsOf(tenantId, accountId);
    },
  };
  return { counted, counts };
};

describe.each(testBackends())('menu tree cache on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const sessionOf = async (username: string, tenantId: string): Promise<ActiveSession> =>
    (await app.services.sessions.authenticate(await tokenFor(app, infra.db, username, tenantId)))!;

  it('builds a tree with one query per cache miss, shared by concurrent callers', async () => {
    const { counted, counts } = countingRepo(createMenusRepo(infra.db));
    const service = createMenuTreeService({
      repo: counted,
      pubsub: infra.pubsub,
      access: app.services.access,
      operatorCodes: async () => [],
      tenantCodes: async () => [],
    });
    const session = await sessionOf('water.op', 't-water');
    const answers = await Promise.all(Array.from({ length: 50 }, () => service.userTree(session)));
    expect(counts.treeRows).toBe(1);
    expect(new Set(answers).size).toBe(1);
    // Another user with the same role set shares the tree; the role set is read per user.
    const other = await sessionOf('water.admin', 't-water');
    await service.userTree(other);
    expect(counts.treeRows).toBe(2); // the admin role: another tree
    await service.userTree(session);
    await service.subtree(session, 'm-devices');
    expect(counts).toEqual({ treeRows: 2, roleIdsOf: 2 });
  });

  it('rebuilds the tree after a grant changes, and only then', async () => {
    const { counted, counts } = countingRepo(createMenusRepo(infra.db));
    const service = createMenuTreeService({
      repo: counted,
      pubsub: infra.pubsub,
      access: app.services.access,
      operatorCodes: async () => [],
      tenantCodes: async () => [],
    });
    const unsubscribe = await service.listenForChanges();
    try {
      const operator = await sessionOf('water.op', 't-water');
      expect(ids(treeIn((await service.userTree(operator)).answer))).not.toContain('m-device-add');
      // The change goes through the app's own service instance: this one learns of it by message.
      const saved = await app.server.inject({
        method: 'POST',
        url: '/ump/role/saveMenus',
        headers: bearer(await tokenFor(app, infra.db, 'water.admin', 't-water')),
        payload: { roleId: 't-water-operator', menuIds: ['m-home', 'm-device-add'] },
      });
      expect(saved.statusCode).toBe(200);
      await expect
        .poll(async () => ids(treeIn((await service.userTree(operator)).answer)), {
          timeout: 2000,
          interval: 10,
        })
        .toEqual(['m-home', 'm-devices', 'm-device-add']);
      const rebuilt = counts.treeRows;
      await service.userTree(operator);
      expect(counts.treeRows).toBe(rebuilt);
    } finally {
      await unsubscribe();
    }
  });

  it('bumps the version counters in the database on every kind of change', async () => {
    const repo = createMenusRepo(infra.db);
    const before = await repo.versions('t-water');
    await repo.replaceRoleMenus('t-water', 't-water-operator', ['m-home']);
    const afterGrant = await repo.versions('t-water');
    expect(afterGrant.tenant).toBeGreaterThan(before.tenant);
    await repo.replaceMemberRoles('t-water', await accountIdOf(infra.db, 'water.op'), ['t-water-operator']);
    const afterRoles = await repo.versions('t-water');
    expect(afterRoles.tenant).toBeGreaterThan(afterGrant.tenant);
    await infra.db.asPlatform((tx) =>
      tx.update(menuItems).set({ name: '首页' }).where(eq(menuItems.id, 'm-home')),
    );
    const afterCatalogue = await repo.versions('t-water');
    expect(afterCatalogue.catalogue).toBeGreaterThan(afterRoles.catalogue);
    // Another tenant's counter is its own.
    const energyBefore = await repo.versions('t-energy');
    await repo.replaceRoleMenus('t-water', 't-water-operator', ['m-home', 'm-device-list']);
    expect((await repo.versions('t-energy')).tenant).toBe(energyBefore.tenant);
  });
});

const siblingBackends = testBackends().filter((b) => b.name !== 'pglite+memory');

describe.each(siblingBackends)('menu trees across two instances sharing $name', (backend) => {
  let infra: TestInfrastructure;
  let sibling: Awaited<ReturnType<TestInfrastructure['openSibling']>>;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    infra = await backend.open();
    sibling = await infra.openSibling();
    a = await startTestApp(infra);
    b = await startTestApp(sibling);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await sibling?.close();
    await infra?.close();
  });

  const treeOn = async (app: TestApp, token: string) => {
    const res = await app.server.inject({
      method: 'GET',
      url: '/ump/menu/userMenuTree',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    return res.json().Response as MenuItemNode[];
  };

  it('shows a grant changed on one instance on the next call to the other', async () => {
    const operator = await tokenFor(a, infra.db, 'water.op', 't-water');
    expect(ids(await treeOn(a, operator))).not.toContain('m-knowledge'); // now cached on A
    const saved = await b.server.inject({
      method: 'POST',
      url: '/ump/role/saveMenus',
      headers: bearer(await tokenFor(b, sibling.db, 'water.admin', 't-water')),
      payload: { roleId: 't-water-operator', menuIds: ['m-home', 'm-knowledge'] },
    });
    expect(saved.statusCode).toBe(200);
    await expect
      .poll(async () => ids(await treeOn(a, operator)), { timeout: 2000, interval: 20 })
      .toEqual(['m-home', 'm-knowledge']);
  });

  it("shows a member's new roles on the other instance", async () => {
    const staff = await tokenFor(a, infra.db, 'energy.staff', 't-energy');
    const before = ids(await treeOn(a, staff));
    expect(before.length).toBeGreaterThan(0);
    const saved = await b.server.inject({
      method: 'POST',
      url: '/ump/user/saveRoles',
      headers: bearer(await tokenFor(b, sibling.db, 'energy.admin', 't-energy')),
      payload: { userId: await accountIdOf(sibling.db, 'energy.staff'), roleIds: [] },
    });
    expect(saved.statusCode).toBe(200);
    await expect.poll(async () => ids(await treeOn(a, staff)), { timeout: 2000, interval: 20 }).toEqual([]);
  });

  it('shows a catalogue change announced on the other instance', async () => {
    const admin = await tokenFor(a, infra.db, 'water.admin', 't-water');
    expect((await treeOn(a, admin))[0]!.name).toBe('首页');
    await sibling.db.asPlatform((tx) =>
      tx.update(menuItems).set({ name: '门户首页' }).where(eq(menuItems.id, 'm-home')),
    );
    await b.services.menuTrees.announceChange(null);
    await expect
      .poll(async () => (await treeOn(a, admin))[0]!.name, { timeout: 2000, interval: 20 })
      .toBe('门户首页');
  });
});
