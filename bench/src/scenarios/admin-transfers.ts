import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import pg from 'pg';
import type { ChildServer } from '../lib/child-server';
import { BENCH_ADMIN_PASSWORD, startPlatformServer } from '../lib/platform-server';
import { clientAddress, fetchPublicKey, loginBody, signIn } from '../lib/sign-in-client';
import { type Scenario, ScenarioFailure } from '../scenario';

const EXPORT_ROWS = 100_000;
const EXPORT_BUDGET_MS = 30_000;
const RSS_BUDGET_MB = 150;
const IMPORT_ROWS = 10_000;
const BAD_EVERY = 100; // 1% bad rows
const PREVIEW_BUDGET_MS = 10_000;
const COMMIT_BUDGET_MS = 30_000;

/** The admin connection of a PostgreSQL server: a scratch database is made on it and dropped after. */
const adminUrl = () => process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const rssMb = async (pid: number): Promise<number> => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
};

const importWorkbook = async () => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('租户');
  sheet.addRow(['编码', '租户名称', '联系人', '联系电话', '域名', '管理员手机号']);
  for (let i = 1; i <= IMPORT_ROWS; i++) {
    const bad = i % BAD_EVERY === 0;
    sheet.addRow([
      `imp${i}`,
      `导入压测租户${i}`,
      '张三',
      bad ? '12345' : `138${String(i).padStart(8, '0')}`,
      `imp${i}.bench.example.com`,
      `139${String(i).padStart(8, '0')}`,
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

export const adminTransfersScenario: Scenario = {
  name: 'admin-transfers',
  description:
    `tenants on PostgreSQL (BENCH_DATABASE_URL): export of ${EXPORT_ROWS} rows as a job < ${EXPORT_BUDGET_MS / 1000} s with server RSS growth < ${RSS_BUDGET_MB} MB; ` +
    `import of ${IMPORT_ROWS} rows (1% bad): preview < ${PREVIEW_BUDGET_MS / 1000} s, commit < ${COMMIT_BUDGET_MS / 1000} s`,
  run: async () => {
    const name = `uniwim_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect().catch((error) => {
      throw new ScenarioFailure(`needs PostgreSQL (set BENCH_DATABASE_URL): ${error.message}`);
    });
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl());
    url.pathname = `/${name}`;
    let server: ChildServer | undefined;
    try {
      server = await startPlatformServer({ DATABASE_URL: url.toString(), SEED_FILE: '' });
      const db = new pg.Client({ connectionString: url.toString() });
      await db.connect();
      await db.query(`INSERT INTO tenants (id, code, name, contact_name, created_at)
        SELECT 't-bx' || g, 'bx' || g, '压测租户' || g, '联系人' || g, now() - g * interval '1 second'
        FROM generate_series(1, ${EXPORT_ROWS}) g`);
      await db.end();
      const login = await signIn(
        server.url,
        loginBody(await fetchPublicKey(server.url), 'admin', BENCH_ADMIN_PASSWORD),
        clientAddress(77),
      );
      const headers = { authorization: `Bearer ${login.token}` };
      const call = async (path: string, init: RequestInit = {}) => {
        const response = await fetch(`${server!.url}${path}`, {
          ...init,
          headers: { ...headers, ...init.headers },
        });
        // biome-ignore lint/suspicious/noExplicitAny: the answers are checked field by field below
        const body = (await response.json()) as { Code: number; Response: any };
        if (response.status >= 300 || body.Code !== 0) {
          throw new ScenarioFailure(
            `${path} answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`,
          );
        }
        return body.Response;
      };
      const untilDone = async (jobId: string, onTick?: () => Promise<void>) => {
        for (;;) {
          await onTick?.();
          const job = await call(`/dmp/admin/jobs/${jobId}`);
          if (job.status === 'failed') throw new ScenarioFailure(`job ${jobId} failed: ${job.error}`);
          if (job.status === 'done') return job;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      };

      // Export.
      const rssBefore = await rssMb(server.pid);
      let rssPeak = rssBefore;
      const exportStart = performance.now();
      const queued = await call('/dmp/admin/tenants/export?code=bx');
      const exported = await untilDone(queued.jobId, async () => {
        rssPeak = Math.max(rssPeak, await rssMb(server!.pid));
      });
      const exportMs = performance.now() - exportStart;
      if (exported.result.rows !== EXPORT_ROWS)
        throw new ScenarioFailure(`exported ${exported.result.rows} rows`);
      const growth = rssPeak - rssBefore;

      // Import: preview, then commit (a job above 1,000 rows).
      const file = await importWorkbook();
      const form = () => {
        const data = new FormData();
        data.append('file', new Blob([file]), 'tenants.xlsx');
        return data;
      };
      const previewStart = performance.now();
      const preview = await call('/dmp/admin/tenants/import?mode=preview', { method: 'POST', body: form() });
      const previewMs = performance.now() - previewStart;
      const expectedBad = IMPORT_ROWS / BAD_EVERY;
      if (preview.invalid !== expectedBad)
        throw new ScenarioFailure(`preview found ${preview.invalid} bad rows`);
      const commitStart = performance.now();
      const commit = await call('/dmp/admin/tenants/import?mode=commit', { method: 'POST', body: form() });
      const imported = await untilDone(commit.jobId);
      const commitMs = performance.now() - commitStart;
      if (imported.result.created !== IMPORT_ROWS - expectedBad || imported.result.failed !== expectedBad) {
        throw new ScenarioFailure(`import result ${JSON.stringify(imported.result)}`);
      }
      const errors = await fetch(`${server.url}${imported.downloadUrl}`, { headers });
      const errorBook = new ExcelJS.Workbook();
      await errorBook.xlsx.load((await errors.arrayBuffer()) as never);
      const errorRows = errorBook.worksheets[0]!.rowCount - 1;
      if (errorRows !== expectedBad) throw new ScenarioFailure(`error workbook holds ${errorRows} rows`);

      const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      return {
        tables: [
          {
            title: 'admin export and import (tenants, PostgreSQL)',
            columns: ['step', 'time', 'note'],
            rows: [
              [
                'export job',
                s(exportMs),
                `${EXPORT_ROWS} rows, RSS ${rssBefore.toFixed(0)} → peak ${rssPeak.toFixed(0)} MB`,
              ],
              ['import preview', s(previewMs), `${IMPORT_ROWS} rows, ${preview.invalid} bad`],
              [
                'import commit (job)',
                s(commitMs),
                `${imported.result.created} created, ${errorRows} in the error workbook`,
              ],
            ],
          },
        ],
        checks: [
          {
            measured: `export ${s(exportMs)}`,
            budget: `< ${EXPORT_BUDGET_MS / 1000} s`,
            passed: exportMs < EXPORT_BUDGET_MS,
          },
          {
            measured: `RSS growth ${growth.toFixed(0)} MB`,
            budget: `< ${RSS_BUDGET_MB} MB`,
            passed: growth < RSS_BUDGET_MB,
          },
          {
            measured: `preview ${s(previewMs)}`,
            budget: `< ${PREVIEW_BUDGET_MS / 1000} s`,
            passed: previewMs < PREVIEW_BUDGET_MS,
          },
          {
            measured: `commit ${s(commitMs)}`,
            budget: `< ${COMMIT_BUDGET_MS / 1000} s`,
            passed: commitMs < COMMIT_BUDGET_MS,
          },
        ],
      };
    } finally {
      await server?.stop();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    }
  },
};
