import { expect, type Page, test } from '@playwright/test';
import { baseUrl } from './support/environment';
import { recordPageProblems } from './support/page-problems';
import { signIn } from './support/sign-in';

const SETTINGS_PAGE = `${baseUrl}/page.html#/searchSet`;
const SETTINGS_API = `${baseUrl}/ump/admin/search-settings`;
// antd puts a space between two Chinese characters of a button.
const SAVE = /^保\s*存$/;

const frameOf = (page: Page, id: string) => page.locator(`iframe[data-tab-id="${id}"]`);
const searchBox = (page: Page) => page.getByTestId('shell-search').getByRole('combobox');

/** The administrator's own API calls (setup and clean-up), with the page's token. */
const callApi = async (page: Page, method: 'GET' | 'PUT', body?: unknown) =>
  page.evaluate(
    async ({ url, method, body }) => {
      const token = localStorage.getItem('UniWimAuthorization') ?? '';
      const answer = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return (await answer.json()) as { Response: { version: number; settings: Record<string, unknown> } };
    },
    { url: SETTINGS_API, method, body },
  );

/**
 * Issue 14, the header search: water's administrator finds a menu item by two Chinese characters of
 * its name and an application by its pinyin initials, with the matches marked, and opens each in
 * the shell.
 */
test('the header search finds menus in Chinese and applications in pinyin initials, and opens them', async ({
  page,
}) => {
  const problems = recordPageProblems(page);
  await signIn(page, { account: 'water.admin', expectedName: '王管理' });

  await searchBox(page).fill('地图');
  const mapHit = page.getByTestId('search-hit-menus-m-device-map');
  await expect(mapHit).toBeVisible();
  await expect(mapHit.locator('mark')).toHaveText('地图');
  await expect(page.getByTestId('search-group-menus')).toHaveText(/菜单/);
  await mapHit.click();
  await expect(frameOf(page, 'm-device-map')).toBeVisible();
  await expect(searchBox(page)).toHaveValue('');

  await searchBox(page).fill('sbgl');
  const appHit = page.getByTestId('search-hit-applications-app-devices');
  await expect(appHit).toBeVisible();
  await expect(appHit.locator('mark')).toHaveText('设备管理');
  await appHit.click();
  // An application opens its first item the user may open.
  await expect(frameOf(page, 'm-device-list')).toBeVisible();

  await searchBox(page).fill('没有这样的菜单');
  await expect(page.getByTestId('search-empty')).toHaveText('没有找到相关内容');
  expect(problems).toEqual([]);
});

/**
 * /searchSet: the administrator adds a hot word and saves; the search box offers it, a click searches
 * it, and the search shows in the page's analytics.
 */
test('the administrator sets a hot word on /searchSet; the box offers it and the analytics count it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const problems = recordPageProblems(page);
  await signIn(page, { account: 'water.admin', expectedName: '王管理' });
  const original = (await callApi(page, 'GET')).Response;
  try {
    await page.goto(SETTINGS_PAGE);
    await expect(page.getByTestId('search-settings')).toBeVisible();
    await expect(page.getByTestId('search-source-menus')).toContainText('菜单');
    const hotWords = page.getByTestId('search-hot-words');
    await hotWords.locator('input').fill('知识库');
    await hotWords.locator('input').press('Enter');
    await page.getByRole('button', { name: SAVE }).click();
    await expect(page.getByText('保存成功')).toBeVisible();

    await page.goto(`${baseUrl}/index.html`);
    await searchBox(page).click();
    const hot = page.getByTestId('search-hot-word').filter({ hasText: '知识库' });
    await expect(hot).toBeVisible();
    await hot.click();
    await expect(searchBox(page)).toHaveValue('知识库');
    await expect(page.getByTestId('search-hit-menus-m-knowledge')).toBeVisible();

    // Figures are written every few seconds.
    await page.goto(SETTINGS_PAGE);
    const top = page.getByTestId('search-top-queries');
    await expect(async () => {
      await page.reload();
      await expect(top).toContainText('知识库', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  } finally {
    const current = (await callApi(page, 'GET')).Response;
    await callApi(page, 'PUT', { version: current.version, settings: original.settings });
  }
  expect(problems).toEqual([]);
});
