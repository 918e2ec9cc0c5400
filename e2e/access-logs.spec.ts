import { expect, type Page, test } from '@playwright/test';
import { decodeTracePattern } from '@uniwim/contracts/client';
import { PNG } from 'pngjs';
import { baseUrl } from './support/environment';
import { localStorageOf, submitSignIn } from './support/sign-in';

/**
 * Issue 16, the access and watermark logs: a tenant administrator's page carries a trace id in its
 * watermark (in the page and in the pixels of a cropped screenshot); searching it on /ump/waterLog
 * finds who saw which page and when. A change the administrator makes shows on /accessLogs'
 * operation log with its before and after.
 */
const DEPARTMENT = 'E2E 审计部';
const RENAMED = 'E2E 内控审计部';

const traceOf = async (page: Page) => {
  const layer = page.locator('body > [data-watermark-trace]');
  await expect(layer).toHaveCount(1);
  return (await layer.getAttribute('data-watermark-trace'))!;
};

test('a trace id read off a watermark finds who, what and when; a change shows its before and after', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto(`${baseUrl}/login.html`);
  await submitSignIn(page, { account: 'water.admin' });
  await expect(page).toHaveURL(/\/index\.html/);
  const traceId = await traceOf(page);
  expect(traceId).toMatch(/^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);
  // The same id hides in the tiles' dots: a crop of a screenshot (about two by two tiles) carries it.
  const shot = await page.screenshot({ clip: { x: 300, y: 200, width: 600, height: 420 } });
  expect(decodeTracePattern(PNG.sync.read(shot))).toBe(traceId);

  // A change of the administrator's, made through the API: a new department.
  const token = (await localStorageOf(page)).UniWimAuthorization;
  const created = await page.request.post(`${baseUrl}/ump/admin/departments`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { parentId: 'd-t-water', name: DEPARTMENT },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { id, version } = (await created.json()).Response as { id: string; version: number };
  const renamed = await page.request.put(`${baseUrl}/ump/admin/departments/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: RENAMED, version },
  });
  expect(renamed.status(), await renamed.text()).toBe(200);

  // /ump/waterLog: the trace id, typed in lower case as read off a screenshot, finds the view.
  await page.goto(`${baseUrl}/page.html#/ump/waterLog`);
  const log = page.getByTestId('admin-page-watermark-logs');
  await expect(log).toBeVisible();
  const search = page.getByTestId('admin-search');
  await search.getByLabel('追踪码').fill(traceId.toLowerCase());
  await search.getByTestId('admin-search-submit').click();
  const rows = log.locator('.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(traceId);
  await expect(rows.first()).toContainText('王管理');
  await expect(rows.first()).toContainText('页面');
  await expect(rows.first()).toContainText(new Date().getFullYear().toString());

  // /accessLogs' operation log: the rename, with the name before and after.
  await page.goto(`${baseUrl}/page.html#/accessLogs`);
  await page.getByRole('tab', { name: '操作日志' }).click();
  const operations = page.getByTestId('admin-page-operation-logs');
  const change = operations.locator('.ant-table-row', { hasText: RENAMED }).filter({ hasText: 'update' });
  await expect(change).toBeVisible();
  await change.getByTestId('admin-view').click();
  const diff = page.getByTestId('operation-changes');
  await expect(diff).toBeVisible();
  const nameRow = diff.locator('tr[data-row-key="name"]');
  await expect(nameRow.locator('.access-log-change--before')).toHaveText(DEPARTMENT);
  await expect(nameRow.locator('.access-log-change--after')).toHaveText(RENAMED);
});
