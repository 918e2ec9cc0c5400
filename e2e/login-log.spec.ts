import { expect, test } from '@playwright/test';
import { baseUrl } from './support/environment';
import { loginError, submitSignIn } from './support/sign-in';

/**
 * Issue 16, /loginLog: two wrong passwords and one right one for energy.staff; the platform's
 * administrator then finds the three attempts, newest first, each with its region (this machine:
 * 本机) and browser parsed at write time.
 */
test('two failed sign-ins and one success show on the login log with region and browser', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const member = await (await browser.newContext()).newPage();
  await member.goto(`${baseUrl}/login.html`);
  for (let i = 0; i < 2; i++) {
    await submitSignIn(member, { account: 'energy.staff', password: 'Wrong-Passw0rd!' });
    await expect(loginError(member)).toBeVisible();
  }
  await submitSignIn(member, { account: 'energy.staff' });
  await expect(member).toHaveURL(/\/(index|admin)\.html/);

  const admin = await (await browser.newContext()).newPage();
  await admin.goto(`${baseUrl}/login.html`);
  await submitSignIn(admin, { account: 'admin' });
  await expect(admin).toHaveURL(/\/(index|admin)\.html/);
  await admin.goto(`${baseUrl}/page.html#/loginLog?scope=dmp`);
  const log = admin.getByTestId('admin-page-login-logs');
  await expect(log).toBeVisible();
  await expect(log.getByTestId('login-log-range')).toContainText('近 24 小时');

  const search = admin.getByTestId('admin-search');
  await search.getByLabel('账号', { exact: true }).fill('energy.staff');
  await search.getByTestId('admin-search-submit').click();
  const rows = log.locator('.ant-table-row');
  await expect(rows.first()).toContainText('energy.staff');
  // The writer batches for half a second: the newest three are these attempts, newest first.
  await expect(async () => {
    await admin.getByTestId('admin-search-submit').click();
    const latest = (await rows.allTextContents()).slice(0, 3);
    expect(latest).toHaveLength(3);
    expect(latest[0]).toContain('成功');
    expect(latest[1]).toContain('失败');
    expect(latest[2]).toContain('失败');
  }).toPass({ timeout: 10_000 });
  for (let i = 0; i < 3; i++) {
    await expect(rows.nth(i)).toContainText('本机');
    await expect(rows.nth(i)).toContainText('Chrome');
    await expect(rows.nth(i)).toContainText('密码');
  }
  await expect(rows.nth(1)).toContainText('用户名或密码错误');
});
