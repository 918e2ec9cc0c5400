import { readFileSync } from 'node:fs';
import { type Browser, expect, type FrameLocator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { baseUrl, screenshotPath } from './support/environment';
import { submitSignIn } from './support/sign-in';
import { readSmsOutbox } from './support/sms-outbox';

/**
 * Issue 25, items 8 and 9: a tenant the platform creates is not empty. It holds the default package
 * (preselected in the form), so its administrator lands on a home with a getting-started guide that
 * points at the administration, and the admin console works; users the administrator imports get a
 * way in: initial passwords to download once, or an activation SMS each.
 */
const TENANT = { code: 'e2e-fresh', name: 'E2E 新开水务有限公司', mobile: '13522220001' };
const NEW_PASSWORD = 'Fresh-Admin-Passw0rd-1';
const WIDE = { width: 1440, height: 900 };

test.describe.configure({ mode: 'serial' });
// Each test is a person's whole errand (sign in, a form, an import, a download) on a shared machine.
test.setTimeout(90_000);

let tenantAdmin: Page;

const signInAsPlatformAdmin = async (page: Page) => {
  await page.goto(`${baseUrl}/login.html`);
  await submitSignIn(page, { account: 'admin' });
  await expect(page).toHaveURL(/\/(index|admin)\.html/);
};

const signInNewAdministrator = async (browser: Browser, initialPassword: string) => {
  const page = await (await browser.newContext({ viewport: WIDE })).newPage();
  await page.goto(`${baseUrl}/login.html`);
  await submitSignIn(page, { account: `${TENANT.code}.admin`, password: initialPassword });
  const dialog = page.getByRole('dialog', { name: '修改密码' });
  await dialog.getByLabel('原密码').fill(initialPassword);
  await dialog.getByLabel('新密码').fill(NEW_PASSWORD);
  await dialog.getByLabel('确认密码').fill(NEW_PASSWORD);
  await dialog.getByTestId('change-password-submit').click();
  await expect(page).toHaveURL(`${baseUrl}/index.html`);
  return page;
};

const home = (page: Page) => page.frameLocator('iframe[data-tab-id="m-home"]');
const steps = (frame: FrameLocator) => frame.getByTestId('home-getting-started-step');
const usersWorkbook = async (rows: (string | null)[][]) => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('用户');
  sheet.addRow(['账号', '姓名', '手机号']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};
/** The users page a step of the guide opened in a tab of the shell. */
const usersTab = (page: Page) => page.frameLocator('iframe[src*="umpUser"]');

const importUsers = async (
  page: Page,
  users: Page | FrameLocator,
  rows: (string | null)[][],
  credentials: '下载初始密码' | '发送激活短信',
) => {
  await users.getByTestId('admin-import-button').click();
  const dialog = users.getByTestId('admin-import');
  const choice = dialog.getByTestId('import-choice-credentials');
  await expect(choice.getByRole('radio', { name: '下载初始密码' })).toBeChecked();
  await choice.getByText(credentials, { exact: true }).click();
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'users.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await usersWorkbook(rows),
  });
  await dialog.getByTestId('import-preview-button').click();
  await expect(dialog.getByTestId('import-preview')).toBeVisible();
  await page.screenshot({ path: screenshotPath(`new-tenant-import-preview-${credentials}`) });
  await dialog.getByTestId('import-commit').click();
  await expect(dialog.getByTestId('import-result')).toContainText(`新增 ${rows.length} 条`);
  await page.screenshot({ path: screenshotPath(`new-tenant-import-${credentials}`) });
  return dialog;
};

test.describe('a new tenant', () => {
  test('created with the default package preselected, its administrator lands on a getting-started guide', async ({
    page,
  }) => {
    await page.setViewportSize(WIDE);
    await signInAsPlatformAdmin(page);
    await page.goto(`${baseUrl}/page.html#/dmpTenantManage`);
    await page.getByTestId('admin-create').click();
    const form = page.getByTestId('admin-form');
    await form.getByLabel('编码').fill(TENANT.code);
    await form.getByLabel('租户名称').fill(TENANT.name);
    await form.getByLabel('管理员手机号').fill(TENANT.mobile);
    await expect(form.locator('.ant-select-selection-item', { hasText: '基础版' })).toBeVisible();
    await page.getByTestId('admin-form-save').click();
    const initialPassword = (await page.getByTestId('shown-initialPassword').textContent())!.trim();
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(page.locator('.ant-table-row', { hasText: TENANT.name })).toContainText('基础版');

    tenantAdmin = await signInNewAdministrator(page.context().browser()!, initialPassword);
    // Its home is the first tab, with the guide: three steps, none done yet.
    const guide = home(tenantAdmin).getByTestId('home-getting-started');
    await expect(guide).toBeVisible();
    await expect(steps(home(tenantAdmin))).toHaveCount(3);
    await expect(steps(home(tenantAdmin))).toHaveText([/添加用户/, /设置登录页外观/, /为成员选择应用/]);
    await expect(guide).toContainText('已完成 0/3');
    await tenantAdmin.screenshot({ path: screenshotPath('new-tenant-home-zh') });

    // The user menu offers the administration.
    await tenantAdmin.getByTestId('shell-user-menu').click();
    await expect(tenantAdmin.getByRole('menuitem', { name: '管理后台' })).toBeVisible();
    await tenantAdmin.keyboard.press('Escape');
  });

  test('a step opens its page; imported users get initial passwords the administrator downloads once', async () => {
    await steps(home(tenantAdmin)).filter({ hasText: '添加用户' }).getByRole('button').click();
    const users = usersTab(tenantAdmin);
    await expect(users.getByTestId('admin-import-button')).toBeVisible();
    const dialog = await importUsers(
      tenantAdmin,
      users,
      [
        ['fresh.one', '新用户一', '13522220011'],
        ['fresh.two', '新用户二', null],
      ],
      '下载初始密码',
    );
    await expect(dialog.getByTestId('import-receipt')).toContainText('已为 2 名新用户生成初始密码');
    const downloading = tenantAdmin.waitForEvent('download');
    await dialog.getByTestId('import-receipt-download').click();
    const file = await (await downloading).path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(file) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(4).text).toBe('初始密码');
    expect(sheet.getRow(2).getCell(1).text).toBe('fresh.one');
    expect(sheet.getRow(2).getCell(4).text.length).toBeGreaterThanOrEqual(12);
    // Once: the button says it is gone.
    await expect(dialog.getByTestId('import-receipt-download')).toBeDisabled();
    await expect(dialog.getByTestId('import-receipt-download')).toHaveText('已下载（文件已删除）');
    await tenantAdmin.keyboard.press('Escape');

    // The step is ticked on the home.
    await tenantAdmin.getByRole('tab', { name: /首页/ }).click();
    await home(tenantAdmin).getByTestId('home-getting-started').waitFor();
    await tenantAdmin.reload();
    await expect(steps(home(tenantAdmin)).first()).toHaveAttribute('data-done', 'true');
    await expect(home(tenantAdmin).getByTestId('home-getting-started')).toContainText('已完成 1/3');
  });

  test('users imported with the activation SMS choice each receive one', async () => {
    // The guide's step is done now: the users page is reached as any administrator reaches it.
    await tenantAdmin.goto(`${baseUrl}/page.html#/umpUser`);
    const dialog = await importUsers(
      tenantAdmin,
      tenantAdmin,
      [['fresh.three', '新用户三', '13522220013']],
      '发送激活短信',
    );
    await expect(dialog.getByTestId('import-receipt')).toContainText('已向 1 名新用户发送激活短信');
    await expect
      .poll(() =>
        readSmsOutbox()
          .filter((line) => line.mobile === '13522220013')
          .map((line) => String(line.text)),
      )
      .toEqual([expect.stringContaining(`${TENANT.name}已为您开通账号 fresh.three`)]);
  });

  test('the guide leads into the administration, which works, in both languages', async () => {
    await tenantAdmin.goto(`${baseUrl}/index.html`);
    await home(tenantAdmin).getByTestId('home-getting-started-admin').click();
    await expect(tenantAdmin).toHaveURL(`${baseUrl}/admin.html`);
    const menu = tenantAdmin.getByTestId('shell-menu');
    await menu.getByText('用户管理', { exact: true }).click();
    const users = tenantAdmin.frameLocator('iframe[src*="umpUser"]');
    await expect(users.locator('.ant-table-row', { hasText: 'fresh.three' })).toBeVisible();
    await tenantAdmin.screenshot({ path: screenshotPath('new-tenant-admin-zh') });

    await tenantAdmin.evaluate(() => localStorage.setItem('UniWimLanguage', 'en-US'));
    await tenantAdmin.goto(`${baseUrl}/index.html`);
    await expect(home(tenantAdmin).getByTestId('home-getting-started')).toContainText('Getting started');
    await expect(steps(home(tenantAdmin)).first()).toContainText('Add users');
    await tenantAdmin.screenshot({ path: screenshotPath('new-tenant-home-en') });
    await tenantAdmin.evaluate(() => localStorage.setItem('UniWimLanguage', 'zh-CN'));
  });
});
