import { type Browser, expect, type Page, type Response, test } from '@playwright/test';
import { baseUrl } from './support/environment';
import { submitSignIn } from './support/sign-in';

/**
 * Issue 25, items 1, 2, 3 and 13 as a new administrator meets them: the platform's menu entries
 * open the platform's pages (before and after switching into a tenant), a tenant's page outside any
 * tenant says so and offers the switch, a page the user may not see says so at once, pages name
 * themselves, and a tab the limit closes is named. Nothing here is answered 403.
 */

const signedIn = async (browser: Browser, account: string): Promise<Page> => {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await page.goto(`${baseUrl}/login.html`);
  await submitSignIn(page, { account });
  await expect(page).toHaveURL(`${baseUrl}/index.html`);
  await expect(page.getByTestId('current-user-name')).toBeVisible();
  return page;
};

/** The requests answered 403 while the page is open. */
const refusedRequests = (page: Page): string[] => {
  const refused: string[] = [];
  page.on('response', (response: Response) => {
    if (response.status() === 403) refused.push(new URL(response.url()).pathname);
  });
  return refused;
};

const answered = (page: Page, path: string | RegExp) =>
  page.waitForResponse((response) => {
    const { pathname } = new URL(response.url());
    return (typeof path === 'string' ? pathname === path : path.test(pathname)) && response.status() === 200;
  });

const openAdminItem = (page: Page, menuId: string) =>
  page.locator(`[data-testid="shell-menu"] [data-menu-id="${menuId}"]`).click();

const frameOf = (page: Page, menuId: string) => page.frameLocator(`iframe[data-tab-id="${menuId}"]`);

test.describe('admin pages by their menu entries, refusals and titles (issue 25)', () => {
  // Each test signs in and opens several framed pages.
  test.describe.configure({ timeout: 90_000 });

  test("the platform's entries open the platform's pages, also after switching into a tenant", async ({
    browser,
  }) => {
    const page = await signedIn(browser, 'admin');
    const refused = refusedRequests(page);
    await page.goto(`${baseUrl}/admin.html`);
    // Outside any tenant no page of one tenant's data is offered.
    await expect(
      page.locator('[data-testid="shell-menu"] [data-menu-id="am-platform-dictionaries"]'),
    ).toBeVisible();
    await expect(page.locator('[data-testid="shell-menu"] [data-menu-id="am-users"]')).toHaveCount(0);

    const dictionaries = answered(page, '/dmp/admin/dictionaries');
    await openAdminItem(page, 'am-platform-dictionaries');
    await dictionaries;
    await expect(frameOf(page, 'am-platform-dictionaries').getByText('设备类型').first()).toBeVisible();

    // Into 示范水务集团 by the user menu, then the platform's entries again.
    await page.getByTestId('shell-user-menu').click();
    await page.getByRole('menuitem', { name: '切换租户' }).click();
    await page.getByTestId('tenant-switch-dialog').locator('[data-tenant-id="t-water"]').click();
    await expect(page).toHaveURL(`${baseUrl}/index.html`);
    await page.goto(`${baseUrl}/admin.html`);
    await expect(page.locator('[data-testid="shell-menu"] [data-menu-id="am-users"]')).toBeVisible();

    const tenantStatistics: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/ump/admin/statistics'))
        tenantStatistics.push(request.url());
    });
    const statistics = answered(page, '/dmp/admin/statistics/login');
    await openAdminItem(page, 'am-platform-login-statistics');
    await statistics;
    await expect(frameOf(page, 'am-platform-login-statistics').getByTestId('login-statistics')).toBeVisible();
    expect(tenantStatistics).toEqual([]);

    const files = answered(page, '/dmp/admin/files');
    await openAdminItem(page, 'am-platform-files');
    await files;
    expect(refused).toEqual([]);
  });

  test("a tenant's page opened outside any tenant says so and opens again in the tenant chosen", async ({
    browser,
  }) => {
    const page = await signedIn(browser, 'admin');
    const refused = refusedRequests(page);
    await page.goto(`${baseUrl}/page.html#/umpUser`);
    await expect(page.getByTestId('tenant-required')).toContainText('请先切换到要管理的租户');
    await expect(page.getByTestId('page-header')).toHaveText(/用户管理/);
    await page.getByTestId('tenant-required-switch').click();
    await page
      .getByTestId('tenant-required-options')
      .locator('.ant-list-item', { hasText: '示范水务集团' })
      .getByRole('button')
      .click();
    await expect(page.getByTestId('admin-page-users')).toBeVisible();
    expect(refused).toEqual([]);
  });

  test('a page the user may not see is refused at once, whichever way it is opened (water.op)', async ({
    browser,
  }) => {
    const page = await signedIn(browser, 'water.op');
    const refused = refusedRequests(page);
    for (const route of ['/umpApplicationMenu', '/searchSet', '/saasWorkbench', '/umpUser']) {
      await page.goto(`${baseUrl}/page.html#${route}`);
      // A hash change keeps the document: a cached route left before stays in it, hidden.
      const refusal = page.locator('[data-testid="page-refused"]:visible');
      await expect(refusal, route).toBeVisible();
      await expect(refusal).toContainText('无权访问');
      await expect(page.getByTestId('page-app')).toHaveAttribute('aria-busy', 'false');
    }
    // The menus grant the home page, which opens.
    await page.goto(`${baseUrl}/page.html#/homepage`);
    await expect(page.getByTestId('home-page')).toBeVisible();
    // admin.html sends a member to the workspace without asking for the admin tree.
    await page.goto(`${baseUrl}/admin.html`);
    await expect(page).toHaveURL(`${baseUrl}/index.html`);
    await expect(page.getByTestId('shell')).toHaveAttribute('data-shell-kind', 'index');
    expect(refused).toEqual([]);
  });

  test('a page opened on its own is titled by its own name', async ({ browser }) => {
    const page = await signedIn(browser, 'admin');
    await page.goto(`${baseUrl}/page.html#/umpDict?scope=dmp`);
    await expect(page.getByTestId('page-header')).toHaveText(/平台数据字典/);
    await expect(page).toHaveTitle('平台数据字典');
    await page.goto(`${baseUrl}/page.html#/loginStatistics?scope=dmp&component_title=x`);
    await expect(page.getByTestId('page-header')).toHaveText(/登录统计（全部租户）/);
  });

  test('a tab the limit closes is named in a short message (water.admin)', async ({ browser }) => {
    const page = await signedIn(browser, 'water.admin');
    await page.goto(`${baseUrl}/admin.html`);
    // The first item is the pinned home tab; eight more make nine, one over the limit of eight.
    const items = ['am-users', 'am-roles', 'am-user-ledger', 'am-dictionaries', 'am-parameters'];
    const more = ['am-search-settings', 'am-resources', 'am-notices'];
    for (const menuId of [...items, ...more]) {
      await openAdminItem(page, menuId);
      await expect(page.locator(`iframe[data-tab-id="${menuId}"]`)).toBeVisible();
    }
    await expect(page.locator('.ant-message')).toContainText(
      '最多同时打开 8 个页面，已关闭最早打开的“用户管理”',
    );
    await expect(page.locator('iframe[data-tab-id="am-users"]')).toHaveCount(0);
  });
});
