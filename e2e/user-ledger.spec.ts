import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { baseUrl } from './support/environment';
import { submitSignIn } from './support/sign-in';

/**
 * Issue 13 end to end: the tenant's administrator opens the user register, narrows it to a
 * department and exports what it shows.
 */
test('water.admin opens the user register, filters by department and exports the list', async ({ page }) => {
  await page.goto(`${baseUrl}/login.html`);
  await submitSignIn(page, { account: 'water.admin' });
  await expect(page).toHaveURL(/\/(index|admin)\.html/);

  await page.goto(`${baseUrl}/page.html#/userLedger`);
  const ledger = page.getByTestId('admin-page-user-ledger');
  await expect(ledger).toBeVisible();
  const rows = ledger.locator('.ant-table-row');
  await expect(rows.filter({ hasText: 'water.admin' })).toBeVisible();
  await expect(rows.filter({ hasText: 'water.op' })).toContainText('生产运营部');
  // Only water's members: energy's are another tenant's.
  await expect(rows.filter({ hasText: 'energy.' })).toHaveCount(0);

  const search = page.getByTestId('admin-search');
  await search.getByLabel('部门').fill('生产运营');
  await search.getByTestId('admin-search-submit').click();
  // Only the department's members are left (water.op among them), each shown in it.
  await expect(rows.filter({ hasNotText: '生产运营部' })).toHaveCount(0);
  await expect(rows.filter({ hasText: 'water.op' })).toBeVisible();
  await expect(rows.filter({ hasText: 'water.admin' })).toHaveCount(0);
  const shown = (await rows.locator('td:first-child').allTextContents()).map((text) => text.trim()).sort();

  const download = page.waitForEvent('download');
  await page.getByTestId('admin-export').click();
  const file = await (await download).path();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  expect(header).toEqual(expect.arrayContaining(['账号', '部门', '最近登录地址', '双因素认证', '锁定']));
  // The export holds what the filtered list shows.
  const exported = sheet
    .getColumn(header.indexOf('账号') + 1)
    .values.slice(2)
    .map(String)
    .sort();
  expect(exported).toEqual(shown);
  expect(exported).toContain('water.op');
});
