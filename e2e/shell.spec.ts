import { expect, type Page, test } from '@playwright/test';
import { baseUrl } from './support/environment';
import { recordPageProblems } from './support/page-problems';
import { SHELL_E2E } from './support/shell-seed';
import { localStorageOf, signIn } from './support/sign-in';

const { tenant, user, menus, application, otherTenant } = SHELL_E2E;

const signInShellUser = (page: Page) =>
  signIn(page, { account: user.username, tenantName: tenant.name, expectedName: user.name });

const menuItem = (page: Page, id: string) =>
  page.locator(`[data-testid="shell-menu"] [data-menu-id="${id}"]`);
const tabLabels = (page: Page) => page.locator('[data-testid="shell-tabs"] [data-tab-id]');
const frameOf = (page: Page, id: string) => page.locator(`iframe[data-tab-id="${id}"]`);
const frames = (page: Page) => page.locator('iframe.shell-frames__frame');

/** The query of the part before the hash and of the hash part, as objects. */
const partsOf = (url: string) => {
  const [main, hash = ''] = url.split('#');
  const query = (part: string) => Object.fromEntries(new URLSearchParams(part.split('?')[1] ?? ''));
  return { main: main!, hash, mainQuery: query(main!), hashQuery: query(hash) };
};

test.describe('application shell', () => {
  test('after sign-in the first menu item opens in a frame whose URL carries the spec parameters', async ({
    page,
  }) => {
    const problems = recordPageProblems(page);
    const accessLog = page.waitForRequest(
      (request) => request.url().endsWith('/ump/accessLog/saveLog') && request.method() === 'POST',
    );
    await signInShellUser(page);
    await expect(menuItem(page, menus.home.id)).toBeVisible();
    await expect(page.getByTestId('shell-title')).toHaveText(tenant.name);

    const frame = frameOf(page, menus.home.id);
    await expect(frame).toBeVisible();
    const storage = await localStorageOf(page);
    const currentUser = (await (
      await page.request.get(`${baseUrl}/ump/currUserInfo`, {
        headers: { Authorization: `Bearer ${storage.UniWimAuthorization}` },
      })
    ).json()) as { Response: { sn: string } };

    // The frame's own document address, as the browser loaded it.
    const loaded = page.frame({ name: `shell-frame-${menus.home.id}` });
    await expect.poll(() => loaded?.url()).toContain('page.html');
    const { main, hash, mainQuery, hashQuery } = partsOf(loaded!.url());
    expect(main.startsWith(`${baseUrl}/page.html?`)).toBe(true);
    const expected = {
      uniwater_utoken: storage.UniWimAuthorization,
      uniwim_tenant_id: tenant.id,
      component_title: menus.home.name,
      applicationId: expect.any(String),
      applicationName: application.name,
      _v: application.version,
      __uniwim_scene: 'index',
      __uniwim_id: menus.home.id,
      __uniwim_rootid: menus.home.id,
      HDSN: currentUser.Response.sn,
      pageSource: 'dly',
    };
    expect(mainQuery).toEqual(expected);
    // The link has a hash part (page.html#/homepage): the parameters go to both parts.
    expect(hash.startsWith(`${menus.home.link}?`)).toBe(true);
    expect(hashQuery).toEqual(expected);
    expect(mainQuery.applicationId).not.toBe('');

    // Opening the application is logged (type 1, source web).
    expect((await accessLog).postDataJSON()).toMatchObject({
      type: 1,
      source: 'web',
      result: 1,
      applicationName: application.name,
      functionId: menus.home.id,
      functionName: menus.home.name,
    });
    // The first page's tab is the shell's home: it cannot be closed.
    await expect(page.locator('[data-testid="shell-tabs"] .ant-tabs-tab-remove')).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('more than tagNum tabs: the oldest closeable tab closes; closing a tab removes its frame', async ({
    page,
  }) => {
    await signInShellUser(page);
    await expect(frameOf(page, menus.home.id)).toBeVisible();

    await menuItem(page, menus.devices.id).click();
    await menuItem(page, menus.knowledge.id).click();
    await expect(tabLabels(page)).toHaveText([menus.home.name, menus.devices.name, menus.knowledge.name]);
    await expect(frames(page)).toHaveCount(tenant.tagNum);

    // A fourth tab with tagNum 3: the oldest closeable one (devices; home is pinned) closes.
    await menuItem(page, menus.train.id).click();
    await expect(tabLabels(page)).toHaveText([menus.home.name, menus.knowledge.name, menus.train.name]);
    await expect(frames(page)).toHaveCount(tenant.tagNum);
    await expect(frameOf(page, menus.devices.id)).toHaveCount(0);
    await expect(frameOf(page, menus.train.id)).toBeVisible();
    await expect(frameOf(page, menus.knowledge.id)).toBeHidden();

    // Opening an open item shows its tab again instead of a second one.
    await menuItem(page, menus.knowledge.id).click();
    await expect(frameOf(page, menus.knowledge.id)).toBeVisible();
    await expect(tabLabels(page)).toHaveCount(tenant.tagNum);

    await page
      .locator('[data-testid="shell-tabs"] .ant-tabs-tab', { hasText: menus.train.name })
      .locator('.ant-tabs-tab-remove')
      .click();
    await expect(tabLabels(page)).toHaveText([menus.home.name, menus.knowledge.name]);
    await expect(frameOf(page, menus.train.id)).toHaveCount(0);
  });

  test('the menu tree marks the open page, and a group folds and unfolds', async ({ page }) => {
    await signInShellUser(page);
    const button = (id: string) =>
      page.locator(`[data-testid="shell-menu"] button:has([data-menu-id="${id}"])`);
    await expect(button(menus.home.id)).toHaveAttribute('aria-current', 'page');
    const group = button('m-shell-group');
    await expect(group).toHaveAttribute('aria-expanded', 'true');
    await group.click();
    await expect(group).toHaveAttribute('aria-expanded', 'false');
    await expect(menuItem(page, menus.devices.id)).toHaveCount(0);
    await group.click();
    await menuItem(page, menus.devices.id).click();
    await expect(button(menus.devices.id)).toHaveAttribute('aria-current', 'page');
    await expect(button(menus.home.id)).not.toHaveAttribute('aria-current', 'page');
  });

  test('a menu item without a link shows /developingPage; a javascript: link is never opened', async ({
    page,
  }) => {
    await signInShellUser(page);
    await expect(frameOf(page, menus.home.id)).toBeVisible();

    await menuItem(page, menus.developing.id).click();
    const frame = frameOf(page, menus.developing.id);
    await expect(frame).toBeVisible();
    const { main, hash } = partsOf((await frame.getAttribute('src'))!);
    expect(main.startsWith('page.html?')).toBe(true);
    expect(hash.startsWith('/developingPage?')).toBe(true);

    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await menuItem(page, menus.unsafe.id).click();
    await expect(page.getByText('该菜单链接不安全，已阻止打开')).toBeVisible();
    await expect(frameOf(page, menus.unsafe.id)).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });

  test('the watermark shows the user and comes back when removed or hidden through devtools', async ({
    page,
  }) => {
    await signInShellUser(page);
    const layer = page.locator('[data-watermark]');
    await expect(layer).toHaveCount(1);
    const style = (await layer.getAttribute('style')) ?? '';
    expect(style).toContain('z-index:9999');
    expect(style).toContain('pointer-events:none');
    expect(style).toMatch(/background-image:url\("data:image\/png;base64,/);

    await page.evaluate(() => document.querySelector('[data-watermark]')?.remove());
    await expect(layer).toHaveCount(1);
    await page.evaluate(() =>
      document.querySelector('[data-watermark]')?.setAttribute('style', 'display:none'),
    );
    await expect(layer).toHaveCount(1);
    await expect.poll(async () => (await layer.getAttribute('style')) ?? '').toContain('display:block');
    // The layer lets clicks through: the menu still works under it.
    await menuItem(page, menus.devices.id).click();
    await expect(frameOf(page, menus.devices.id)).toBeVisible();
  });

  test('menuId in the query opens that item first', async ({ page }) => {
    await signInShellUser(page);
    await page.goto(`${baseUrl}/index.html?menuId=${menus.knowledge.id}`);
    await expect(frameOf(page, menus.knowledge.id)).toBeVisible();
    await expect(tabLabels(page)).toHaveText([menus.knowledge.name]);
  });

  test('a token handed over in uniwater_utoken signs the page in and leaves the address bar', async ({
    page,
    browser,
  }) => {
    await signInShellUser(page);
    const token = (await localStorageOf(page)).UniWimAuthorization!;
    const other = await browser.newPage();
    await other.goto(
      `${baseUrl}/index.html?uniwater_utoken=${encodeURIComponent(token)}&menuId=${menus.train.id}`,
    );
    await expect(other.getByTestId('current-user-name')).toHaveText(user.name);
    await expect(other).toHaveURL(`${baseUrl}/index.html?menuId=${menus.train.id}`);
    await expect(frameOf(other, menus.train.id)).toBeVisible();
    await other.close();
  });

  test('switching tenant shows 租户切换中, enters the other tenant and retires the old token', async ({
    page,
  }) => {
    await signInShellUser(page);
    await expect(frameOf(page, menus.home.id)).toBeVisible();
    const oldToken = (await localStorageOf(page)).UniWimAuthorization!;

    await page.getByTestId('shell-user-menu').click();
    await page.getByRole('menuitem', { name: '切换租户' }).click();
    const dialog = page.getByTestId('tenant-switch-dialog');
    await expect(dialog).toContainText(tenant.name);
    await expect(dialog).toContainText(otherTenant.name);

    // Hold the switch's answer so the "switching" state can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/dmp/changeTenant', async (route) => {
      await held;
      await route.continue();
    });
    await dialog.locator(`[data-tenant-id="${otherTenant.id}"]`).click();
    await expect(page.getByText('租户切换中')).toBeVisible();
    release();

    await expect(page.locator('.shell-header__tenant')).toHaveText(otherTenant.name);
    await expect(menuItem(page, otherTenant.firstMenuId)).toBeVisible();
    await expect(menuItem(page, menus.home.id)).toHaveCount(0);
    const storage = await localStorageOf(page);
    expect(storage.UniWimTenantId).toBe(otherTenant.id);
    expect(storage.UniWimAuthorization).not.toBe(oldToken);
    const frameUrl = (await frames(page).first().getAttribute('src'))!;
    expect(partsOf(frameUrl).mainQuery.uniwim_tenant_id).toBe(otherTenant.id);

    const withOldToken = await page.request.get(`${baseUrl}/ump/currUserInfo`, {
      headers: { Authorization: `Bearer ${oldToken}` },
    });
    expect(withOldToken.status()).toBe(401);
  });

  test('a non-admin opening admin.html is sent to index.html', async ({ page }) => {
    await signInShellUser(page);
    await page.goto(`${baseUrl}/admin.html`);
    await expect(page).toHaveURL(`${baseUrl}/index.html`);
    await expect(menuItem(page, menus.home.id)).toBeVisible();
  });

  test('an admin gets the admin menu tree on admin.html; logout there returns through index.html', async ({
    page,
  }) => {
    await signIn(page, { account: 'water.admin', expectedName: '王管理' });
    await page.goto(`${baseUrl}/admin.html`);
    await expect(page.getByTestId('shell')).toHaveAttribute('data-shell-kind', 'admin');
    await expect(page.getByTestId('current-user-name')).toHaveText('王管理');
    await expect(page.locator('[data-testid="shell-menu"] [data-menu-id]').first()).toBeVisible();

    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.getByTestId('logout').click();
    // The demo seed has no public menu: index.html, now a visitor's, continues to the sign-in page.
    await expect(page).toHaveURL(`${baseUrl}/login.html`);
    expect(visited).toEqual(['/index.html', '/login.html']);
    expect(Object.keys(await localStorageOf(page))).not.toContain('UniWimAuthorization');
  });

  test('logout ends the session and keeps phoneShowYinuo', async ({ page }) => {
    await signInShellUser(page);
    await page.evaluate(() => localStorage.setItem('phoneShowYinuo', '1'));
    const token = (await localStorageOf(page)).UniWimAuthorization!;
    const logoutCall = page.waitForRequest('**/uniwim/ump/loginLog/logOut');
    await page.getByTestId('logout').click();
    expect((await logoutCall).headers().authorization).toBe(`Bearer ${token}`);
    await expect(page).toHaveURL(`${baseUrl}/login.html`);
    expect(await localStorageOf(page)).toEqual({ phoneShowYinuo: '1' });
    await expect(page.locator('[data-watermark]')).toHaveCount(0);
  });
});
