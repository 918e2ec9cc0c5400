import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLogs } from '../../src/platform/admin/schema';
import { createJobsRepo } from '../../src/platform/jobs/repo';
import { jobs } from '../../src/platform/jobs/schema';
import { platformOperator } from '../support/admin';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

const BASE = '/dmp/admin/tenants';
type Cell = string | number | null;

const workbookOf = async (rows: Cell[][]) => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('租户');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

const rowsOf = async (file: Buffer): Promise<unknown[][]> => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
};

const multipart = (file: Buffer, name = 'tenants.xlsx', type = 'application/octet-stream') => {
  const boundary = `----uniwim${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

const HEADER: Cell[] = ['编码', '租户名称', '联系人', '联系电话', '到期时间', '域名', '管理员手机号'];

describe.each(testBackends())('export, import and jobs of admin resources on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let admin: Record<string, string>;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'uniwim-transfers-'));

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra, { DATA_DIR: dataDir });
    admin = bearer(await tokenFor(app, infra.db, 'admin', null));
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const get = (url: string, headers = admin) => app.server.inject({ method: 'GET', url, headers });
  const upload = (query: string, file: Buffer, headers = admin) => {
    const body = multipart(file);
    return app.server.inject({
      method: 'POST',
      url: `${BASE}/import?${query}`,
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
  };
  const waitForJob = async (id: string, on: TestApp = app) => {
    for (let i = 0; i < 600; i++) {
      const res = await on.server.inject({ method: 'GET', url: `/dmp/admin/jobs/${id}`, headers: admin });
      const job = res.json().Response;
      if (job.status === 'done' || job.status === 'failed') return job;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`job ${id} did not finish`);
  };

  it('imports: preview shows per-cell errors and duplicates, commit writes the valid rows and an error workbook', async () => {
    const file = await workbookOf([
      [...HEADER, '备注'],
      [
        'imp-a',
        '导入甲公司',
        '张三',
        '13800000001',
        '2027-12-31 00:00:00',
        'a.imp.example.com, b.imp.example.com',
        '13900000001',
        'x',
      ],
      ['imp-b', '导入乙公司', null, '12345', null, null, '13900000002', null],
      ['imp-a', '导入丙公司', null, null, null, null, '13900000003', null],
      ['imp-c', '导入丁公司', null, null, null, null, '13900000004', null],
      ['water', '示范水务重复', null, null, null, null, '13900000005', null],
    ]);
    const preview = await upload('mode=preview', file);
    expect(preview.statusCode, preview.body).toBe(200);
    const answer = preview.json().Response;
    expect(answer).toMatchObject({ total: 5, valid: 2, invalid: 3, ignoredColumns: ['备注'] });
    const byRow = new Map(answer.rows.map((r: { row: number }) => [r.row, r]));
    expect(byRow.get(2)).toMatchObject({ action: 'create', errors: [] });
    expect(byRow.get(3)).toMatchObject({ errors: [{ column: 'contactPhone', message: '手机号格式不正确' }] });
    expect(byRow.get(4)).toMatchObject({ errors: [{ column: 'code', message: '与第2行重复：imp-a' }] });
    expect(byRow.get(6)).toMatchObject({ action: 'update', errors: [{ column: 'code' }] });
    // Nothing is written by a preview.
    expect((await get(`${BASE}?code=imp-`)).json().Response.total).toBe(0);

    // All or nothing: one bad row leaves everything unwritten.
    const none = await upload('mode=commit&all=true', file);
    expect(none.json().Response).toMatchObject({ created: 0, failed: 3, rolledBack: true });
    expect((await get(`${BASE}?code=imp-`)).json().Response.total).toBe(0);

    const commit = await upload('mode=commit', file);
    expect(commit.statusCode, commit.body).toBe(200);
    const result = commit.json().Response;
    expect(result).toMatchObject({ total: 5, created: 2, updated: 0, failed: 3, rolledBack: false });
    const listed = (await get(`${BASE}?code=imp-&sort=code`)).json().Response;
    expect(listed.items.map((t: { code: string }) => t.code)).toEqual(['imp-a', 'imp-c']);
    expect(listed.items[0]).toMatchObject({
      name: '导入甲公司',
      domains: ['a.imp.example.com', 'b.imp.example.com'],
      expiresAt: '2027-12-30T16:00:00.000Z',
      usersUsed: 1,
    });
    const logged = await infra.db.asPlatform((tx) =>
      tx.select().from(operationLogs).where(sql`${operationLogs.recordId} IN ('t-imp-a', 't-imp-c')`),
    );
    expect(logged.map((row) => row.action)).toEqual(['create', 'create']);

    const errors = await get(result.errorWorkbookUrl);
    expect(errors.statusCode).toBe(200);
    const errorRows = await rowsOf(errors.rawPayload);
    const importColumns = [
      '编码',
      '租户名称',
      '联系人',
      '联系电话',
      '席位上限',
      '到期时间',
      '域名',
      '管理员手机号',
    ];
    expect(errorRows[0]).toEqual([...importColumns, '原行号', '错误原因']);
    expect(errorRows.slice(1).map((row) => [row[0], row[8]])).toEqual([
      ['imp-b', 3],
      ['imp-a', 4],
      ['water', 6],
    ]);
    expect(errorRows[1]![9]).toBe('联系电话：手机号格式不正确');

    // update=true: an existing code updates that tenant.
    const again = await workbookOf([HEADER, ['imp-c', '导入丁公司（改）', '李四', null, null, null, null]]);
    const updated = await upload('mode=commit&update=true', again);
    expect(updated.json().Response).toMatchObject({
      created: 0,
      updated: 1,
      failed: 0,
      errorWorkbookUrl: null,
    });
    expect((await get(`${BASE}/t-imp-c`)).json().Response).toMatchObject({
      name: '导入丁公司（改）',
      contactName: '李四',
      version: 1,
    });
  });

  it('refuses what is not an xlsx upload with 4xx, whatever its name says', async () => {
    const fake = await upload('mode=preview', Buffer.from('code,name\nx,y\n'));
    expect(fake.statusCode).toBe(415);
    const json = await app.server.inject({
      method: 'POST',
      url: `${BASE}/import`,
      headers: admin,
      payload: { a: 1 },
    });
    expect(json.statusCode).toBe(415);
    const template = await get(`${BASE}/import-template`);
    expect(template.statusCode).toBe(200);
    const [header, example] = await rowsOf(template.rawPayload);
    // A time column names the zone its times are typed in (issue 25): the importer's.
    expect(header).toEqual([
      '编码',
      '租户名称',
      '联系人',
      '联系电话',
      '席位上限',
      '到期时间 (UTC+08:00 Asia/Shanghai)',
      '域名',
      '管理员手机号',
    ]);
    expect(example?.[0]).toBe('demo-water');
  });

  it('exports the filtered, sorted list as the list API answers it, with Chinese or English headers', async () => {
    const listed = (await get(`${BASE}?code=imp-&sort=-code&pageSize=200`)).json().Response;
    const res = await get(`${BASE}/export?code=imp-&sort=-code`);
    expect(res.statusCode, `${res.body} ${app.logLines.filter((l) => l.includes('"level":50')).at(-1)}`).toBe(
      200,
    );
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''");
    const rows = await rowsOf(res.rawPayload);
    expect(rows[0]).toEqual([
      '编码',
      '租户名称',
      '联系人',
      '联系电话',
      '套餐',
      '已用席位',
      '席位上限',
      '到期时间 (UTC+08:00 Asia/Shanghai)',
      '剩余天数',
      '状态',
      '域名',
      '创建时间 (UTC+08:00 Asia/Shanghai)',
    ]);
    expect(rows.slice(1).map((row) => row[0])).toEqual(listed.items.map((t: { code: string }) => t.code));
    const first = rows.find((row) => row[0] === 'imp-a')!;
    expect(first[7]).toBe('2027-12-31 00:00:00');
    expect(first[9]).toBe('启用');
    expect(first[10]).toBe('a.imp.example.com, b.imp.example.com');

    const english = await rowsOf((await get(`${BASE}/export?code=imp-a&lang=en`)).rawPayload);
    expect(english[0]?.slice(0, 3)).toEqual(['Code', 'Name', 'Contact']);
    expect(english[1]?.[9]).toBe('Active');
    const logged = await infra.db.asPlatform((tx) =>
      tx.select().from(operationLogs).where(sql`${operationLogs.action} = 'export'`),
    );
    expect(logged.length).toBeGreaterThanOrEqual(2);
  });

  it('turns an export above 5,000 rows into a job whose file the download centre serves', async () => {
    await infra.db.asPlatform((tx) =>
      tx.execute(sql`INSERT INTO tenants (id, code, name, created_at)
        SELECT 't-bulk' || g, 'bulk' || lpad(g::text, 5, '0'), '批量租户' || g, now() - g * interval '1 second'
        FROM generate_series(1, 5100) g`),
    );
    const res = await get(`${BASE}/export?code=bulk&sort=code`);
    expect(res.statusCode, res.body).toBe(202);
    const { jobId, total } = res.json().Response;
    expect(total).toBe(5100);
    const job = await waitForJob(jobId);
    expect(job).toMatchObject({
      status: 'done',
      progress: 5100,
      result: { rows: 5100 },
      params: { query: { code: 'bulk', sort: 'code' } },
    });
    expect(job.downloadUrl).toBe(`/dmp/admin/jobs/${jobId}/download`);
    const mine = (await get('/dmp/admin/jobs')).json().Response;
    expect(mine.items.map((j: { id: string }) => j.id)).toContain(jobId);
    const file = await get(job.downloadUrl);
    expect(file.statusCode).toBe(200);
    const rows = await rowsOf(file.rawPayload);
    expect(rows).toHaveLength(5101);
    expect(rows[1]?.[0]).toBe('bulk00001');
    expect(rows[5100]?.[0]).toBe('bulk05100');
    const downloads = await infra.db.asPlatform((tx) =>
      tx
        .select()
        .from(operationLogs)
        .where(sql`${operationLogs.action} = 'download' AND ${operationLogs.recordId} = ${jobId}`),
    );
    expect(downloads).toHaveLength(1);
  }, 120_000);

  it('refuses without a token (401), without the code (403), and hides other people’s jobs', async () => {
    const anonymous = await app.server.inject({ method: 'GET', url: `${BASE}/export` });
    expect(anonymous.statusCode).toBe(401);
    const lister = await platformOperator(app, infra.db, 'transfer.viewer', ['tenant:list', 'job:list']);
    const forbidden = await get(`${BASE}/export`, lister);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().Message).toContain('tenant:export');
    const importer = await platformOperator(app, infra.db, 'transfer.importer', ['tenant:import']);
    const noCreate = await upload('mode=preview', await workbookOf([HEADER]), importer);
    expect(noCreate.statusCode).toBe(403);
    expect(noCreate.json().Message).toContain('tenant:create');
    expect((await get('/dmp/admin/jobs', lister)).json().Response.total).toBe(0);
    expect((await get('/dmp/admin/jobs?all=true', lister)).statusCode).toBe(403);
    const [someone] = (await get('/dmp/admin/jobs')).json().Response.items;
    expect((await get(`/dmp/admin/jobs/${someone.id}/download`, lister)).statusCode).toBe(404);
  });

  it('claims a queued job once, and finishes a job whose instance died after another instance starts', async () => {
    const repo = createJobsRepo(infra.db);
    const queued = await infra.db.asPlatform((tx) =>
      repo.insert(tx, {
        kind: 'noop-test',
        scope: 'dmp',
        resource: 'tenants',
        tenantId: null,
        params: {},
        requestedBy: 'acc-admin',
        requestedByName: null,
      }),
    );
    const old = new Date(Date.now() - 60_000);
    const claims = await Promise.all([
      repo.claim('one', old),
      repo.claim('two', old),
      repo.claim('three', old),
    ]);
    const winners = claims.filter((job) => job?.id === queued.id);
    expect(winners).toHaveLength(1);
    await infra.db.asPlatform((tx) => tx.delete(jobs).where(sql`${jobs.id} = ${queued.id}`));

    // An export job left 'running' by an instance that stopped sending heartbeats ten minutes ago.
    const res = await get(`${BASE}/export?code=bulk0&sort=code`);
    const { jobId } = res.json().Response;
    await waitForJob(jobId);
    await infra.db.asPlatform((tx) =>
      tx.execute(sql`UPDATE jobs SET status = 'running', claimed_by = 'dead-instance', attempts = 1,
        heartbeat_at = now() - interval '10 minutes', result = NULL, file_path = NULL, finished_at = NULL WHERE id = ${jobId}`),
    );
    await app.close();
    app = await startTestApp(infra, { DATA_DIR: dataDir });
    admin = bearer(await tokenFor(app, infra.db, 'admin', null));
    const job = await waitForJob(jobId);
    expect(job).toMatchObject({ status: 'done', result: { rows: 5100 } });
    const [row] = await infra.db.asPlatform((tx) => tx.select().from(jobs).where(sql`${jobs.id} = ${jobId}`));
    expect(row).toMatchObject({ attempts: 2, claimedBy: expect.not.stringMatching('dead-instance') });
  }, 120_000);
});

const siblingBackends = testBackends().filter((b) => b.name !== 'pglite+memory');

describe.each(siblingBackends)('jobs on two instances sharing $name', (backend) => {
  let infra: TestInfrastructure;
  let sibling: Awaited<ReturnType<TestInfrastructure['openSibling']>>;
  let a: TestApp;
  let b: TestApp;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'uniwim-transfers-'));

  beforeAll(async () => {
    infra = await backend.open();
    sibling = await infra.openSibling();
    a = await startTestApp(infra, { DATA_DIR: dataDir });
    b = await startTestApp(sibling, { DATA_DIR: dataDir });
    await infra.db.asPlatform((tx) =>
      tx.execute(sql`INSERT INTO tenants (id, code, name) SELECT 't-pair' || g, 'pair' || g, '双实例租户' || g
        FROM generate_series(1, 20000) g`),
    );
  });
  const closed = new Set<TestApp>();
  afterAll(async () => {
    for (const app of [a, b]) if (app && !closed.has(app)) await app.close();
    await sibling?.close();
    await infra?.close();
  });

  const jobOf = (id: string) =>
    infra.db
      .asPlatform((tx) => tx.select().from(jobs).where(sql`${jobs.id} = ${id}`))
      .then((rows) => rows[0]!);

  it('runs each job on exactly one instance, and an instance that stops hands its job to the other', async () => {
    const token = bearer(await tokenFor(a, infra.db, 'admin', null));
    const ask = async () => {
      const res = await a.server.inject({ method: 'GET', url: `${BASE}/export?code=pair`, headers: token });
      expect(res.statusCode, res.body).toBe(202);
      return res.json().Response.jobId as string;
    };
    const finished = async (id: string) => {
      for (let i = 0; i < 1200; i++) {
        const job = await jobOf(id);
        if (job.status === 'done' || job.status === 'failed') return job;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`job ${id} did not finish`);
    };

    // Both instances poll (and both are woken): each job is claimed once and done once.
    const ids = [await ask(), await ask(), await ask()];
    for (const id of ids) {
      expect(await finished(id)).toMatchObject({ status: 'done', attempts: 1, progress: 20000 });
    }

    // A stops while its job runs: the job goes back to the queue and B finishes it.
    const id = await ask();
    for (let i = 0; i < 400 && (await jobOf(id)).claimedBy === null; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const holder = (await jobOf(id)).claimedBy;
    const runnerOf = (app: TestApp) => (app.server as unknown as { jobRunnerId: string }).jobRunnerId;
    const holderApp = [a, b].find((app) => runnerOf(app) === holder);
    expect(holderApp, `claimed by ${holder}`).toBeDefined();
    await holderApp!.close();
    closed.add(holderApp!);
    const done = await finished(id);
    expect(done).toMatchObject({ status: 'done', progress: 20000 });
    expect(done.claimedBy).not.toBe(holder);
  }, 180_000);
});
