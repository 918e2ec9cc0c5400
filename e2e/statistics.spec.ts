import { type Browser, expect, type Page, test } from '@playwright/test';
import { LOGIN_LOG_DEVICE_OPTIONS, LOGIN_LOG_MODE_OPTIONS } from '@uniwim/contracts/client';
import { baseUrl } from './support/environment';
import { submitSignIn } from './support/sign-in';

/**
 * Issue 16, /loginStatistics and /systemVisitStatistics: both pages draw their charts on canvas,
 * the map of China included (bundled, offline), and a chart's data table shows the API's numbers.
 */
const signInAs = async (browser: Browser, account: string) => {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${baseUrl}/login.html`);
  await submitSignIn(page, { account });
  await expect(page).toHaveURL(/\/(index|admin)\.html/);
  return page;
};
/** What the page reads, with the signed-in user's token. */
const callApi = (page: Page, path: string) =>
  page.evaluate(async (path) => {
    const res = await fetch(path, {
      headers: { authorization: `Bearer ${localStorage.getItem('UniWimAuthorization')}` },
    });
    return (await res.json()).Response;
  }, path);
const chart = (page: Page, id: string) => page.locator(`[data-chart="${id}"]`);
const periodOf = async (page: Page) => {
  const inputs = page.locator('.statistics-toolbar .ant-picker-range input');
  return { from: await inputs.nth(0).inputValue(), to: await inputs.nth(1).inputValue() };
};
/** The chart's table, row by row, as the cells' texts. */
const tableOf = async (page: Page, id: string) => {
  await chart(page, id).locator('.ant-segmented-item', { hasText: '数据表' }).click();
  const rows = chart(page, id).locator('.statistics-table .ant-table-row');
  await expect(rows.first()).toBeVisible();
  return rows.evaluateAll((list) =>
    list.map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent ?? '')),
  );
};

test('a tenant’s sign-in statistics: every chart drawn, the China map too, tables equal to the API', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const page = await signInAs(browser, 'water.admin');
  await page.goto(`${baseUrl}/page.html#/loginStatistics`);
  await expect(page.getByTestId('login-statistics')).toBeVisible();
  for (const id of ['daily', 'active', 'heatmap', 'map'])
    await expect(chart(page, id).locator('canvas').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('statistics-maintenance')).toBeVisible();

  const { from, to } = await periodOf(page);
  const api = await callApi(page, `/ump/admin/statistics/login?from=${from}&to=${to}`);
  // The sign-in just made is counted (today is live).
  expect(api.kpis.attempts.value).toBeGreaterThan(0);
  await expect(page.locator('[data-kpi="attempts"] .ant-statistic-content-value')).toHaveText(
    api.kpis.attempts.value.toLocaleString('en-US'),
  );
  // Modes and device types by the login log's own labels (issue 25: "电脑", never "desktop").
  const labelOf = (options: readonly { value: string; label: { zh: string } }[], key: string) =>
    options.find((option) => option.value === key)?.label.zh ?? key;
  expect(await tableOf(page, 'mode')).toEqual(
    api.splits.mode.map((entry: { key: string; value: number }) => [
      labelOf(LOGIN_LOG_MODE_OPTIONS, entry.key),
      String(entry.value),
    ]),
  );
  expect(await tableOf(page, 'device')).toEqual(
    api.splits.device.map((entry: { key: string; value: number }) => [
      labelOf(LOGIN_LOG_DEVICE_OPTIONS, entry.key),
      String(entry.value),
    ]),
  );
  // The days and hours are the tenant's zone's, and the page says which.
  await expect(page.getByTestId('statistics-zone')).toHaveText(`按 UTC+08:00 ${api.timeZone} 统计`);
  const heat = (api.heatmap as { weekday: number; hour: number; value: number }[]).filter((c) => c.value > 0);
  const heatRows = await tableOf(page, 'heatmap');
  expect(heatRows.length).toBe(Math.min(10, heat.length));
  expect(heatRows[0]?.slice(1)).toEqual([String(heat[0]?.hour), String(heat[0]?.value)]);
});

test('every tenant’s visit statistics on the platform: charts and map drawn, the daily table equal to the API', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const page = await signInAs(browser, 'admin');
  await page.goto(`${baseUrl}/page.html#/systemVisitStatistics?scope=dmp`);
  await expect(page.getByTestId('visit-statistics')).toBeVisible();
  for (const id of ['daily', 'heatmap', 'map'])
    await expect(chart(page, id).locator('canvas').first()).toBeVisible({ timeout: 15_000 });

  const { from, to } = await periodOf(page);
  const api = await callApi(page, `/dmp/admin/statistics/visits?from=${from}&to=${to}`);
  const daily = api.daily as { day: string; views: number; downloads: number; visitors: number }[];
  expect(await tableOf(page, 'daily')).toEqual(
    daily.slice(0, 10).map((d) => [d.day, String(d.views), String(d.downloads), String(d.visitors)]),
  );
});
