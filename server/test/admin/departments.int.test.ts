import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

const BASE = '/ump/admin/departments';
const ROOT = 'd-t-water';
const OPS = 'd-t-water-ops';
const SERVICE = 'd-t-water-service';
const HOTLINE = 'd-t-water-hotline';

interface Node {
  id: string;
  parentId: string | null;
  name: string;
  depth: number;
  memberCount: number;
}

describe.each(testBackends())('departments on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let water: Record<string, string>;
  let energy: Record<string, string>;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    water = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    energy = bearer(await tokenFor(app, infra.db, 'energy.admin', 't-energy'));
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = water) =>
    app.server.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const get = async (id: string, headers = water) =>
    (await call('GET', `${BASE}/${id}`, undefined, headers)).json().Response;
  const create = async (parentId: string, name: string) => {
    const res = await call('POST', BASE, { parentId, name });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Response as { id: string; path: string; depth: number };
  };
  const move = async (id: string, parentId: string) => {
    const { version } = await get(id);
    return call('POST', `${BASE}/${id}/move`, { parentId, version });
  };

  it('answers the whole tree in one call, with direct member counts', async () => {
    const res = await call('GET', `${BASE}/tree`);
    expect(res.statusCode, res.body).toBe(200);
    const nodes = res.json().Response as Node[];
    expect(nodes.map((n) => n.id)).toEqual([ROOT, OPS, SERVICE, HOTLINE]);
    expect(nodes.find((n) => n.id === ROOT)).toMatchObject({ parentId: null, depth: 1, memberCount: 1 });
    expect(nodes.find((n) => n.id === OPS)).toMatchObject({ parentId: ROOT, depth: 2, memberCount: 1 });
    expect(nodes.find((n) => n.id === HOTLINE)).toMatchObject({
      parentId: SERVICE,
      depth: 3,
      memberCount: 0,
    });
  });

  let a: { id: string; path: string };
  let b: { id: string; path: string };
  let c: { id: string; path: string };
  let d: { id: string; path: string };

  it('creates down to five levels and no deeper; sibling names are unique', async () => {
    a = await create(ROOT, '研发中心');
    b = await create(a.id, '平台部');
    c = await create(b.id, '架构组');
    d = await create(c.id, '存储小组');
    expect((await get(d.id)).depth).toBe(5);
    const tooDeep = await call('POST', BASE, { parentId: d.id, name: '第六级' });
    expect(tooDeep.statusCode).toBe(422);
    expect(tooDeep.json().Message).toContain('部门最多5级');
    const twin = await call('POST', BASE, { parentId: ROOT, name: '研发中心' });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().Message).toContain('同一上级部门下已有');
  });

  it('refuses a move under itself or its own subtree, and one that would exceed five levels', async () => {
    const self = await move(a.id, a.id);
    expect(self.statusCode).toBe(422);
    expect(self.json().Message).toBe('不能移动到自身之下');
    const cycle = await move(a.id, c.id);
    expect(cycle.statusCode).toBe(422);
    expect(cycle.json().Message).toBe('不能移动到自己的下级部门之下');
    // a spans four levels (a, b, c, d): under ops (level 2) its deepest would be level 6.
    const deep = await move(a.id, OPS);
    expect(deep.statusCode).toBe(422);
    expect(deep.json().Message).toBe('移动后最深将达到第6级，部门最多5级');
    const root = await move(ROOT, OPS);
    expect(root.statusCode).toBe(422);
    expect(root.json().Message).toBe('根部门不能移动');
    expect((await get(a.id)).parentId).toBe(ROOT);
  });

  it('moves a subtree: every path and depth below it is rewritten', async () => {
    const moved = await move(b.id, OPS);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await get(b.id)).toMatchObject({ parentId: OPS, depth: 3, path: `${ROOT}/${OPS}/${b.id}/` });
    expect(await get(c.id)).toMatchObject({
      parentId: b.id,
      depth: 4,
      path: `${ROOT}/${OPS}/${b.id}/${c.id}/`,
    });
    expect(await get(d.id)).toMatchObject({ depth: 5, path: `${ROOT}/${OPS}/${b.id}/${c.id}/${d.id}/` });
    // Nothing else moved.
    expect(await get(HOTLINE)).toMatchObject({ depth: 3, path: `${ROOT}/${SERVICE}/${HOTLINE}/` });
    // A stale version is refused.
    const stale = await call('POST', `${BASE}/${b.id}/move`, { parentId: ROOT, version: 0 });
    expect(stale.statusCode).toBe(409);
  });

  it('drops a department at a place among its new siblings: the later ones make room', async () => {
    const { version } = await get(HOTLINE);
    const moved = await call('POST', `${BASE}/${HOTLINE}/move`, { parentId: ROOT, sort: 1, version });
    expect(moved.statusCode, moved.body).toBe(200);
    const tree = (await call('GET', `${BASE}/tree`)).json().Response as (Node & { sort: number })[];
    const children = tree.filter((n) => n.parentId === ROOT).sort((x, y) => x.sort - y.sort);
    expect(children.map((n) => n.id).slice(0, 3)).toEqual([OPS, HOTLINE, SERVICE]);
    expect(await get(HOTLINE)).toMatchObject({ depth: 2, path: `${ROOT}/${HOTLINE}/` });
  });

  it('renames, sorts, sets a leader who must be a member, disables', async () => {
    const before = await get(a.id);
    const renamed = await call('PUT', `${BASE}/${a.id}`, {
      name: '研发中心（新）',
      sort: 9,
      version: before.version,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().Response).toMatchObject({ name: '研发中心（新）', sort: 9 });
    const [energyAdmin] = (
      (await infra.db.asPlatform((tx) =>
        tx.execute(sql`SELECT id FROM accounts WHERE username = 'energy.admin'`),
      )) as unknown as {
        rows: { id: string }[];
      }
    ).rows;
    const outsider = await call('PUT', `${BASE}/${a.id}`, {
      leaderAccountId: energyAdmin!.id,
      version: renamed.json().Response.version,
    });
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().Message).toBe('负责人须是本租户的成员');
    const disabled = await call('POST', `${BASE}/${a.id}/disable`, {});
    expect(disabled.json().Response.status).toBe('disabled');
  });

  it('refuses to delete a department with members or children, saying how many; the root never', async () => {
    const ops = await call('DELETE', `${BASE}/${OPS}`);
    expect(ops.statusCode).toBe(409);
    expect(ops.json().Message).toBe('部门“生产运营部”下还有1名用户、1个下级部门，不能删除');
    const root = await call('DELETE', `${BASE}/${ROOT}`);
    expect(root.statusCode).toBe(422);
    expect(root.json().Message).toBe('根部门不能删除');
    expect((await call('DELETE', `${BASE}/${d.id}`)).statusCode).toBe(200);
    expect((await call('GET', `${BASE}/${d.id}`)).statusCode).toBe(404);
  });

  it("water's administrator can neither read nor change energy's departments by any id, nor the reverse", async () => {
    const energyRoot = 'd-t-energy';
    const tree = (await call('GET', `${BASE}/tree`, undefined, energy)).json().Response as Node[];
    expect(tree.map((n) => n.id)).toEqual([energyRoot]);
    const list = (await call('GET', `${BASE}?pageSize=200`, undefined, energy)).json().Response;
    expect(list.items.map((n: Node) => n.id)).toEqual([energyRoot]);
    for (const [method, url, body] of [
      ['GET', `${BASE}/${OPS}`, undefined],
      ['PUT', `${BASE}/${OPS}`, { name: 'x', version: 0 }],
      ['DELETE', `${BASE}/${c.id}`, undefined],
      ['POST', `${BASE}/${c.id}/move`, { parentId: energyRoot, version: 0 }],
      ['POST', `${BASE}/${c.id}/disable`, {}],
      ['POST', BASE, { parentId: OPS, name: '越权' }],
    ] as const) {
      const res = await call(method, url, body, energy);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const intoWater = await call('POST', `${BASE}/${energyRoot}/move`, { parentId: OPS, version: 0 }, water);
    expect(intoWater.statusCode).toBe(404);
    expect((await get(c.id)).name).toBe('架构组');
  });

  it('stays quick at 10,000 departments over five levels: the tree in one call, a large subtree moved in one statement', async () => {
    // energy: root, 10 at level 2, 100 at level 3, 1,000 at level 4, 8,889 at level 5.
    await infra.db.asPlatform((tx) =>
      tx.execute(sql`
        INSERT INTO departments (tenant_id, id, parent_id, name, path, depth, sort)
        SELECT 't-energy', 'e2-' || i, 'd-t-energy', 'L2-' || i, 'd-t-energy/e2-' || i || '/', 2, i
        FROM generate_series(0, 9) i`),
    );
    await infra.db.asPlatform((tx) =>
      tx.execute(sql`
        INSERT INTO departments (tenant_id, id, parent_id, name, path, depth, sort)
        SELECT 't-energy', 'e3-' || i, 'e2-' || (i / 10), 'L3-' || i, 'd-t-energy/e2-' || (i / 10) || '/e3-' || i || '/', 3, i
        FROM generate_series(0, 99) i`),
    );
    await infra.db.asPlatform((tx) =>
      tx.execute(sql`
        INSERT INTO departments (tenant_id, id, parent_id, name, path, depth, sort)
        SELECT 't-energy', 'e4-' || i, 'e3-' || (i / 10), 'L4-' || i,
               'd-t-energy/e2-' || (i / 100) || '/e3-' || (i / 10) || '/e4-' || i || '/', 4, i
        FROM generate_series(0, 999) i`),
    );
    await infra.db.asPlatform((tx) =>
      tx.execute(sql`
        INSERT INTO departments (tenant_id, id, parent_id, name, path, depth, sort)
        SELECT 't-energy', 'e5-' || i, 'e4-' || (i % 1000), 'L5-' || i,
               'd-t-energy/e2-' || ((i % 1000) / 100) || '/e3-' || ((i % 1000) / 10) || '/e4-' || (i % 1000) || '/e5-' || i || '/', 5, i
        FROM generate_series(0, 8888) i`),
    );
    const timedTree = async () => {
      const started = performance.now();
      const tree = await call('GET', `${BASE}/tree`, undefined, energy);
      const ms = performance.now() - started;
      expect(tree.json().Response).toHaveLength(10_000);
      return ms;
    };
    const coldMs = await timedTree();
    const treeMs = Math.min(await timedTree(), await timedTree());

    // e3-0's subtree (itself, 10 at level 4, ~89 at level 5) moves under e2-9: same depth.
    const { version } = (await call('GET', `${BASE}/e3-0`, undefined, energy)).json().Response;
    const moveStarted = performance.now();
    const moved = await call('POST', `${BASE}/e3-0/move`, { parentId: 'e2-9', version }, energy);
    const moveMs = performance.now() - moveStarted;
    expect(moved.statusCode, moved.body).toBe(200);
    const leaf = (await call('GET', `${BASE}/e5-0`, undefined, energy)).json().Response;
    expect(leaf.path).toBe('d-t-energy/e2-9/e3-0/e4-0/e5-0/');
    const [wrong] = (
      (await infra.db.asPlatform((tx) =>
        tx.execute(sql`SELECT count(*)::int AS n FROM departments c JOIN departments p
          ON p.tenant_id = c.tenant_id AND p.id = c.parent_id
          WHERE c.tenant_id = 't-energy' AND (c.path <> p.path || c.id || '/' OR c.depth <> p.depth + 1)`),
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(wrong!.n).toBe(0);
    console.info(
      `[departments at 10,000] tree ${treeMs.toFixed(0)} ms, subtree move ${moveMs.toFixed(0)} ms`,
    );
    expect(treeMs).toBeLessThan(3_000);
    expect(moveMs).toBeLessThan(3_000);
  });
});
