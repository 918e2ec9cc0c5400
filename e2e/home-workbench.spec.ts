import { expect, type Page, test } from '@playwright/test';
import { baseUrl, screenshotPath } from './support/environment';
import { chooseOption } from './support/select';
import { localStorageOf, signIn, submitSignIn } from './support/sign-in';

/**
 * Issue 15, /homepage and /saasWorkbench: a demo member lands on a real home (greeting, quick
 * entries, KPI cards, each its own request); one failing widget leaves the others; the workbench
 * order changed by drag and drop survives a reload and "reset" brings the default back.
 */
const MEMBER = { account: 'water.op', expectedName: '李运维' };
/** A member whose role grants the SaaS workbench's menu item (issue 25: water.op's does not). */
const WORKBENCH_MEMBER = { account: 'energy.staff', expectedName: '钱员工' };

const tileIds = (page: Page) =>
  page
    .getByTestId('workbench-tile')
    .evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('data-app-id')));

test.describe.configure({ mode: 'serial' });

test.describe('home and workbench', () => {
  test('the first screen is the home: greeting, quick entries and KPI cards; an entry opens in the shell', async ({
    page,
  }) => {
    await signIn(page, MEMBER);
    // The member's first menu item is /homepage: the shell's first tab shows it.
    const home = page.frameLocator('iframe[data-tab-id="m-home"]');
    await expect(home.getByTestId('home-greeting')).toContainText('李运维');
    await expect(home.getByTestId('home-greeting')).toContainText('示范水务集团');
    await expect(home.getByTestId('home-quick-entry')).toHaveText(['工作台', '设备管理']);
    await expect(home.getByTestId('home-kpi-members')).toBeVisible();
    await expect(home.getByTestId('home-kpi-applications')).toContainText('3');
    // Sign-ins today is the administrators' card; unread notices is the notices section's.
    await expect(home.getByTestId('home-kpi')).toHaveCount(3);
    await expect(home.getByTestId('home-kpi-unread-notices')).toBeVisible();
    await page.screenshot({ path: screenshotPath('home-water'), fullPage: true });

    await home.getByTestId('home-quick-entry').filter({ hasText: '设备管理' }).click();
    const deviceTab = page.locator('iframe[data-tab-id="m-device-list"]');
    await expect(deviceTab).toBeVisible();
    // Opened as the shell opens its menus: the frame parameters are on the address.
    await expect(deviceTab).toHaveAttribute('src', /uniwater_utoken=/);
  });

  test('a to-do posted through the API is on the homepage and opens its link; an empty list says so', async ({
    browser,
    page,
    request,
  }) => {
    const title = `E2E 首页待办：水表换装 ${Date.now()}`;
    const link = '/downloadPage';
    // The platform administrator gives water an application credential; the application posts a to-do.
    const admin = await (await browser.newContext()).newPage();
    await admin.goto(`${baseUrl}/login.html`);
    await submitSignIn(admin, { account: 'admin' });
    await expect(admin).toHaveURL(/\/(index|admin)\.html/);
    const adminToken = (await localStorageOf(admin)).UniWimAuthorization;
    await admin.context().close();
    const created = await request.post(`${baseUrl}/dmp/admin/api-clients`, {
      headers: { authorization: `Bearer ${adminToken}` },
      data: { name: `E2E 首页待办 ${Date.now()}`, ownerTenantId: 't-water', scopes: ['todo:write'] },
    });
    expect(created.status(), await created.text()).toBe(200);
    const client = (await created.json()).Response as { id: string; clientSecret: string };
    const token = await request.post(`${baseUrl}/dmp/oauth/token`, {
      form: { grant_type: 'client_credentials', client_id: client.id, client_secret: client.clientSecret },
    });
    const posted = await request.post(`${baseUrl}/ump/todos`, {
      headers: { authorization: `Bearer ${(await token.json()).access_token}` },
      data: { username: MEMBER.account, title, link, dueAt: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(posted.status(), await posted.text()).toBe(200);

    await signIn(page, MEMBER);
    const home = page.frameLocator('iframe[data-tab-id="m-home"]');
    const item = home.getByTestId('home-list-item').filter({ hasText: title });
    await expect(item).toBeVisible();
    await expect(item.getByTestId('home-list-overdue')).toBeVisible();
    // The member has no unread message: the list says so instead of staying blank.
    await expect(home.getByTestId('home-list-unread-messages-empty')).toContainText('没有未读消息');
    await item.getByRole('button', { name: title }).click();
    await expect(page.locator(`iframe[data-tab-id="${link}"]`)).toBeVisible();
    await expect(page.getByTestId('shell-tabs')).toContainText(title);
  });

  test("a tenant administrator chooses the tenant's KPI cards", async ({ page }) => {
    await page.goto(`${baseUrl}/login.html`);
    await submitSignIn(page, { account: 'water.admin' });
    await expect(page).toHaveURL(/\/(index|admin)\.html/);
    await page.goto(`${baseUrl}/page.html#/homepage`);
    const cards = page.getByTestId('home-kpi');
    await expect(cards).toHaveCount(4);
    const names = () => cards.evaluateAll((list) => list.map((card) => card.getAttribute('data-widget')));
    expect(await names()).toEqual(['members', 'applications', 'sign-ins-today', 'unread-notices']);

    await page.getByTestId('home-kpi-settings').click();
    const dialog = page.getByRole('dialog');
    const removeTag = (title: string) =>
      dialog
        .locator('.ant-select-selection-item', { hasText: title })
        .locator('.ant-select-selection-item-remove');
    await expect(dialog.locator('.ant-select-selection-item')).toHaveCount(4);
    for (const title of ['成员总数', '在用应用', '今日登录', '未读公告']) await removeTag(title).click();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog.getByText('请至少选择一个指标卡片')).toBeVisible();

    // One option at a time, each seen as a tag before the next: the list re-renders after a choice.
    for (const title of ['今日登录', '成员总数'])
      await chooseOption(
        page,
        dialog.locator('.ant-select'),
        title,
        dialog.locator('.ant-select-selection-item', { hasText: title }),
      );
    // Closes the drop-down, which covers the dialog's buttons.
    await dialog.getByText('选择本租户成员首页显示的指标卡片').click();
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(names).toEqual(['sign-ins-today', 'members']);
    await page.reload();
    await expect.poll(names).toEqual(['sign-ins-today', 'members']);

    // Back to every card for the other tests.
    const restored = await page.evaluate(async () => {
      const res = await fetch('/ump/home/widget-settings', {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${localStorage.getItem('UniWimAuthorization')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ widgets: ['members', 'applications', 'sign-ins-today', 'unread-notices'] }),
      });
      return res.status;
    });
    expect(restored).toBe(200);
  });

  test('the workbench order changed by drag and drop survives a reload; reset restores it', async ({
    page,
  }) => {
    await signIn(page, WORKBENCH_MEMBER);
    await page.goto(`${baseUrl}/page.html#/saasWorkbench`);
    await expect(page.getByTestId('workbench-tile')).toHaveCount(2);
    const before = await tileIds(page);
    expect(before).toEqual(['app-workbench', 'app-devices']);

    const saved = page.waitForResponse(
      (res) => res.url().endsWith('/ump/workbench/layout') && res.request().method() === 'PUT',
    );
    await page
      .locator('[data-testid="workbench-tile"][data-app-id="app-devices"]')
      .dragTo(page.locator('[data-testid="workbench-tile"][data-app-id="app-workbench"]'));
    expect((await saved).status()).toBe(200);
    await expect.poll(() => tileIds(page)).toEqual(['app-devices', 'app-workbench']);

    await page.reload();
    await expect(page.getByTestId('workbench-tile')).toHaveCount(2);
    await expect.poll(() => tileIds(page)).toEqual(['app-devices', 'app-workbench']);

    // The search filter narrows the grid.
    await page.getByPlaceholder('搜索应用名称或分类').fill('设备');
    await expect(page.getByTestId('workbench-tile')).toHaveCount(1);
    await page.getByPlaceholder('搜索应用名称或分类').fill('');

    await page.getByTestId('workbench-reset').click();
    await page.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect.poll(() => tileIds(page)).toEqual(before);
    await page.reload();
    await expect(page.getByTestId('workbench-tile')).toHaveCount(2);
    await expect.poll(() => tileIds(page)).toEqual(before);
  });
});
