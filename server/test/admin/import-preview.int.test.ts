import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { multipartFile } from '../support/multipart';
import { startTestApp, type TestApp } from '../support/test-app';

const USERS = '/ump/admin/users';

const workbookOf = async (rows: (string | null)[][]) => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('用户');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

interface PreviewRow {
  row: number;
  action: string;
  errors: { column?: string; message: string }[];
}

/**
 * Issue 24, defect 9: the import preview runs the commit and rolls it back, so it reports every error
 * the commit would (names that resolve to nothing, the seat limit), and keeps nothing.
 */
describe.each(testBackends())('the import preview on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let water: Record<string, string>;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    water = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const importUsers = async (mode: 'preview' | 'commit', rows: (string | null)[][]) => {
    const file = multipartFile(await workbookOf([['账号', '姓名', '部门', '角色'], ...rows]), 'users.xlsx');
    const res = await app.server.inject({
      method: 'POST',
      url: `${USERS}/import?mode=${mode}`,
      payload: file.payload,
      headers: { ...water, ...file.headers },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Response;
  };
  const exists = async (username: string) =>
    (
      (await infra.db.asPlatform((tx) =>
        tx.execute(sql`SELECT 1 FROM accounts WHERE username = ${username}`),
      )) as unknown as { rows: unknown[] }
    ).rows.length > 0;

  const rows = [
    ['preview.ok', '可导入', '热线班组', '运维人员'],
    ['preview.nodept', '部门不存在', '不存在的部门', null],
    ['preview.norole', '角色不存在', null, '不存在的角色'],
  ];

  it('reports a department or role name that does not exist, as the commit then does', async () => {
    const preview = await importUsers('preview', rows);
    expect(preview).toMatchObject({ total: 3, valid: 1, invalid: 2 });
    const byRow = new Map((preview.rows as PreviewRow[]).map((row) => [row.row, row]));
    expect(byRow.get(2)!.errors).toEqual([]);
    expect(byRow.get(3)!.errors).toEqual([expect.objectContaining({ column: 'departmentName' })]);
    expect(byRow.get(4)!.errors).toEqual([expect.objectContaining({ column: 'roleNames' })]);
    // The preview wrote nothing, announced nothing.
    expect(await exists('preview.ok')).toBe(false);

    const committed = await importUsers('commit', rows);
    expect(committed).toMatchObject({ created: 1, failed: 2 });
    expect(await exists('preview.ok')).toBe(true);
  });

  it('reports the seat limit the commit would hit, with every row tried', async () => {
    await infra.db.asPlatform((tx) =>
      tx.execute(sql`UPDATE tenants SET seat_limit = member_count + 1 WHERE id = 't-water'`),
    );
    try {
      const preview = await importUsers('preview', [
        ['seat.first', '第一个', null, null],
        ['seat.second', '第二个', null, null],
      ]);
      expect(preview).toMatchObject({ total: 2, valid: 1, invalid: 1 });
      expect((preview.rows as PreviewRow[])[1]!.errors[0]!.message).toContain('席位');
    } finally {
      await infra.db.asPlatform((tx) =>
        tx.execute(sql`UPDATE tenants SET seat_limit = NULL WHERE id = 't-water'`),
      );
    }
  });
});
