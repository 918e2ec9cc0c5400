import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { loginClient } from '../support/login-client';
import { multipartFile } from '../support/multipart';
import { latestCode, outboxMessages } from '../support/sms-outbox';
import { startTestApp, type TestApp } from '../support/test-app';

const USERS = '/ump/admin/users';
type Headers = Record<string, string>;
type Raw = Record<string, unknown>;

const workbookOf = async (rows: (string | null)[][]) => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('用户');
  sheet.addRow(['账号', '姓名', '手机号']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

/**
 * Issue 25, defect 9: imported users get a way in, by the importer's choice: an activation SMS each
 * through the message outbox, or initial passwords in a file the importer downloads once. The
 * preview (the commit, rolled back) sends and stores nothing; the result says which was done.
 */
describe.each(testBackends())('an import of users gives them a way in on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let water: Headers;
  let n = 0;
  let ip: Headers;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    water = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });
  beforeEach(() => {
    n += 1;
    ip = { 'x-forwarded-for': `10.25.9.${n}` };
  });

  const importUsers = async (query: string, rows: (string | null)[][], headers = water) => {
    const file = multipartFile(await workbookOf(rows), 'users.xlsx');
    const res = await app.server.inject({
      method: 'POST',
      url: `${USERS}/import?${query}`,
      payload: file.payload,
      headers: { ...headers, ...file.headers },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { Message: string; Response: Raw };
  };
  const query = async (statement: ReturnType<typeof sql>) =>
    ((await infra.db.asPlatform((tx) => tx.execute(statement))) as unknown as { rows: Raw[] }).rows;
  const accountOf = async (username: string) =>
    (
      await query(
        sql`SELECT password_hash IS NOT NULL AS has_password, must_change_password FROM accounts WHERE username = ${username}`,
      )
    )[0];
  const activations = (mobile: string) =>
    query(
      sql`SELECT status, content, template_code FROM message_outbox WHERE source = 'activation' AND mobile = ${mobile}`,
    );
  const receiptJobs = () => query(sql`SELECT id FROM jobs WHERE params ? 'oneTimeDownload'`);

  it('a preview sends nothing and keeps nothing, whichever the choice; SMS needs a mobile', async () => {
    const rows = [
      ['preview.sms', '预览短信', '13811250001'],
      ['preview.nomobile', '没有手机', null],
    ];
    const before = (await receiptJobs()).length;
    const sms = await importUsers('mode=preview&credentials=sms', rows);
    expect(sms.Response).toMatchObject({ total: 2, valid: 1, invalid: 1 });
    const errors = (sms.Response.rows as { errors: { column?: string; message: string }[] }[])[1]!.errors;
    expect(errors).toEqual([{ column: 'mobile', message: '选择“发送激活短信”时须填写手机号' }]);
    const passwords = await importUsers('mode=preview&credentials=passwords', rows);
    expect(passwords.Response).toMatchObject({ total: 2, valid: 2, invalid: 0 });

    expect(await accountOf('preview.sms')).toBeUndefined();
    expect(await activations('13811250001')).toEqual([]);
    expect((await receiptJobs()).length).toBe(before);
    expect(outboxMessages(app.config.dataDir).filter((m) => m.mobile === '13811250001')).toEqual([]);
  });

  it('an unknown choice is refused before anything is read', async () => {
    const file = multipartFile(await workbookOf([['bad.choice', '坏选择', '13811250009']]), 'users.xlsx');
    const res = await app.server.inject({
      method: 'POST',
      url: `${USERS}/import?mode=commit&credentials=email`,
      payload: file.payload,
      headers: { ...water, ...file.headers },
    });
    expect(res.statusCode).toBe(400);
    expect(await accountOf('bad.choice')).toBeUndefined();
  });

  it('credentials=sms: each new user gets an activation SMS through the outbox and sets a password with a code', async () => {
    const committed = await importUsers('mode=commit&credentials=sms', [
      ['act.one', '激活一', '13811250011'],
      ['act.two', '激活二', '13811250012'],
    ]);
    expect(committed.Response).toMatchObject({
      created: 2,
      failed: 0,
      receipt: { kind: 'activation-sms', count: 2, downloadUrl: null, expiresAt: null },
    });
    expect(committed.Message).toBe('导入完成：新增2条，更新0条，失败0条；已向2名新用户发送激活短信');
    // No password: the user sets one; none was made that nobody knows.
    expect(await accountOf('act.one')).toEqual({ has_password: false, must_change_password: true });

    // The outbox delivers it (the platform's template), and the phone receives it.
    await expect
      .poll(async () => (await activations('13811250011')).map((row) => row.status))
      .toEqual(['sent']);
    const [row] = await activations('13811250011');
    expect(row).toMatchObject({ template_code: 'account-activation' });
    expect(row!.content).toContain('示范水务集团已为您开通账号 act.one');
    const received = outboxMessages(app.config.dataDir).filter((m) => m.mobile === '13811250011');
    expect(received.map((m) => m.text)).toEqual([row!.content]);

    // The way in the SMS names: "forgot password" with a code sent to that phone.
    const client = loginClient(app);
    const post = (url: string, payload: object) =>
      app.server.inject({ method: 'POST', url, payload, headers: ip }).then((res) => res.json());
    expect(
      (await post('/dmp/verificationCode', { mobile: '13811250011', type: 'FORGET_PWD_CODE' })).Code,
    ).toBe(0);
    const reset = await post('/dmp/forgetPwd', {
      mobile: '13811250011',
      code: latestCode(app.config.dataDir, '13811250011'),
      npwd: await client.encrypt('Activated-Passw0rd'),
    });
    expect(reset).toMatchObject({ Code: 0 });
    const signedIn = await client.login({ username: 'act.one', password: 'Activated-Passw0rd' }, ip);
    expect(signedIn.body.Code).toBe(0);
  });

  it('credentials=passwords (the default): initial passwords in a file the importer downloads once', async () => {
    const committed = await importUsers('mode=commit', [
      ['pwd.one', '密码一', '13811250021'],
      ['pwd.two', '密码二', null],
    ]);
    const receipt = committed.Response.receipt as { downloadUrl: string; expiresAt: string; kind: string };
    expect(receipt).toMatchObject({ kind: 'initial-passwords', count: 2 });
    expect(committed.Message).toContain('2名新用户的初始密码可下载一次（1小时内有效）');
    const lifetime = Date.parse(receipt.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(55 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000);
    expect(await activations('13811250021')).toEqual([]);

    // Another administrator of the tenant may not have them.
    const other = bearer(await tokenFor(app, infra.db, 'admin', 't-water'));
    expect(
      (await app.server.inject({ method: 'GET', url: receipt.downloadUrl, headers: other })).statusCode,
    ).toBe(404);

    const first = await app.server.inject({ method: 'GET', url: receipt.downloadUrl, headers: water });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(first.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, '账号', '姓名', '手机号', '初始密码']);
    const rows = [2, 3].map((i) =>
      [1, 2, 3, 4].map((column) => String(sheet.getRow(i).getCell(column).value ?? '')),
    );
    expect(rows.map((row) => row.slice(0, 3))).toEqual([
      ['pwd.one', '密码一', '13811250021'],
      ['pwd.two', '密码二', ''],
    ]);

    // The password in the file signs in, and must be changed at once.
    const client = loginClient(app);
    const signedIn = await client.login({ username: 'pwd.two', password: rows[1]![3]! }, ip);
    expect(signedIn.body).toMatchObject({ Code: 0, Response: { changePwd: true } });

    // Served once: the second download is refused, the file is gone, and no password is kept anywhere else.
    const again = await app.server.inject({ method: 'GET', url: receipt.downloadUrl, headers: water });
    expect(again.statusCode).toBe(404);
    expect(again.json().Error).toBe('DOWNLOAD_LINK_EXPIRED');
    const jobs = await app.server.inject({ method: 'GET', url: '/ump/admin/jobs', headers: water });
    expect(jobs.body).not.toContain(rows[0]![3]!);
    const logged = await query(
      sql`SELECT changes::text AS changes FROM operation_logs WHERE record_label LIKE 'pwd.%'`,
    );
    expect(JSON.stringify(logged)).not.toContain(rows[0]![3]!);
    expect(app.logLines.join('\n')).not.toContain(rows[0]![3]!);
  });

  it('an existing account added by mobile is invited: no password, no activation, not in the receipt', async () => {
    const committed = await importUsers('mode=commit&credentials=sms', [
      [null, null, '13700000002'],
      ['act.three', '激活三', '13811250031'],
    ]);
    expect(committed.Response).toMatchObject({ created: 2, receipt: { kind: 'activation-sms', count: 1 } });
    expect(await activations('13700000002')).toEqual([]);
    const [membership] = await query(
      sql`SELECT m.status FROM tenant_memberships m JOIN accounts a ON a.id = m.account_id
          WHERE m.tenant_id = 't-water' AND a.mobile = '13700000002'`,
    );
    expect(membership).toEqual({ status: 'invited' });
  });
});
