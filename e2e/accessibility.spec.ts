import { type Browser, expect, type Page, test } from '@playwright/test';
import { type AxeFinding, describeFindings, seriousAxeFindings } from './support/axe';
import { baseUrl } from './support/environment';
import { submitSignIn } from './support/sign-in';

/**
 * Issue 25, "Accessibility": axe (WCAG 2.1 A and AA) finds no serious or critical violation in the
 * product's own markup on the sign-in page, the mobile page, both shells, the home page and a
 * handful of admin pages reached as a new administrator reaches them, through the admin shell's
 * menu. Each check prints what it found, so a failure names the rule and the elements.
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The shell's own markup: everything but the framed pages, which are checked one by one. */
const SHELL_ONLY = { exclude: ['.shell-frames__stage'] };

const framedPage = (tabId: string) => ({ include: [`iframe[data-tab-id="${tabId}"]`, 'body'] });

const expectNoFindings = (name: string, findings: AxeFinding[]) => {
  console.log(describeFindings(name, findings));
  expect.soft(findings, name).toEqual([]);
};

const signedInPage = async (browser: Browser, account: string, viewport = DESKTOP): Promise<Page> => {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login.html`);
  await submitSignIn(page, { account });
  await expect(page).toHaveURL(`${baseUrl}/index.html`);
  // On a phone the user's name sits in the header's menu, closed: present, not shown.
  await expect(page.getByTestId('current-user-name')).not.toBeEmpty();
  return page;
};

/** A framed page once it has drawn its content: no spinner, skeleton or busy region left. */
const waitForFrame = async (page: Page, tabId: string, testId: string) => {
  const frame = page.frameLocator(`iframe[data-tab-id="${tabId}"]`);
  // A page's first visit loads its code: on a busy machine that takes more than the usual 10 s.
  await expect(frame.getByTestId(testId)).toBeVisible({ timeout: 30_000 });
  await expect(frame.locator('.ant-spin-spinning, .ant-skeleton-active, [aria-busy="true"]')).toHaveCount(0, {
    timeout: 30_000,
  });
};

/** Opens an admin menu item by clicking it in the admin shell's menu. */
const openAdminItem = async (page: Page, menuId: string, testId: string) => {
  await page.locator(`[data-testid="shell-menu"] [data-menu-id="${menuId}"]`).click();
  await waitForFrame(page, menuId, testId);
};

test.describe('accessibility (axe, WCAG 2.1 AA): no serious or critical violation', () => {
  test('the sign-in page', async ({ browser }) => {
    const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await page.goto(`${baseUrl}/login.html`);
    await expect(page.getByTestId('account-login-form')).toBeVisible();
    expectNoFindings('login.html', await seriousAxeFindings(page));
  });

  test('the mobile page: its sign-in and, signed in, its home', async ({ browser }) => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/mobile/index.html`);
    await expect(page.getByTestId('mobile-account-form')).toBeVisible();
    expectNoFindings('mobile sign-in', await seriousAxeFindings(page));

    const signedIn = await signedInPage(browser, 'water.op', PHONE);
    await signedIn.goto(`${baseUrl}/mobile/index.html`);
    await expect(signedIn.getByTestId('mobile-profile')).toBeVisible();
    await expect(signedIn.locator('.spinner, .ant-skeleton-active')).toHaveCount(0);
    expectNoFindings('mobile home', await seriousAxeFindings(signedIn));
  });

  test('the workspace shell and the home page (water.op)', async ({ browser }) => {
    const page = await signedInPage(browser, 'water.op');
    await expect(page.getByTestId('shell-tabs')).toBeVisible();
    await waitForFrame(page, 'm-home', 'home-page');
    expectNoFindings('index.html shell', await seriousAxeFindings(page, SHELL_ONLY));
    expectNoFindings('home page', await seriousAxeFindings(page, framedPage('m-home')));
  });

  test('the shell on a phone, with its menu drawer and then its header menu open (water.op)', async ({
    browser,
  }) => {
    const page = await signedInPage(browser, 'water.op', PHONE);
    await expect(page.getByTestId('shell-tabs')).toBeVisible();
    expectNoFindings('index.html shell at 390 px', await seriousAxeFindings(page, SHELL_ONLY));
    await page.getByTestId('shell-menu-toggle').click();
    await expect(page.getByTestId('shell-sider')).toBeVisible();
    expectNoFindings('index.html at 390 px, menu drawer', await seriousAxeFindings(page, SHELL_ONLY));
    await page.getByTestId('shell-menu-toggle').click();
    await page.getByTestId('shell-header-menu-toggle').click();
    await expect(page.getByTestId('shell-header-tools')).toBeVisible();
    expectNoFindings('index.html at 390 px, header menu', await seriousAxeFindings(page, SHELL_ONLY));
  });

  test('the admin shell and its pages opened from its menu (water.admin)', async ({ browser }) => {
    test.setTimeout(240_000);
    const page = await signedInPage(browser, 'water.admin');
    await page.goto(`${baseUrl}/admin.html`);
    await expect(page.getByTestId('shell')).toHaveAttribute('data-shell-kind', 'admin');
    await expect(page.getByTestId('shell-tabs')).toBeVisible();
    expectNoFindings('admin.html shell', await seriousAxeFindings(page, SHELL_ONLY));

    const pages: [menuId: string, testId: string][] = [
      ['am-users', 'admin-page-users'],
      ['am-roles', 'admin-page-roles'],
      ['am-dictionaries', 'admin-page-dictionaries'],
      ['am-notices', 'admin-page-notices'],
      ['am-login-log', 'admin-page-login-logs'],
      ['am-login-statistics', 'login-statistics'],
    ];
    for (const [menuId, testId] of pages) {
      await openAdminItem(page, menuId, testId);
      expectNoFindings(`admin ${menuId}`, await seriousAxeFindings(page, framedPage(menuId)));
      // Eight tabs at most: close each page's tab after its check.
      await page
        .locator(`[data-testid="shell-tabs"] [data-node-key="${menuId}"] .ant-tabs-tab-remove`)
        .click();
    }
  });

  test('the platform administrator’s tenant list, opened from the admin menu (admin)', async ({
    browser,
  }) => {
    const page = await signedInPage(browser, 'admin');
    await page.goto(`${baseUrl}/admin.html`);
    await expect(page.getByTestId('shell')).toHaveAttribute('data-shell-kind', 'admin');
    await openAdminItem(page, 'am-tenant-manage', 'admin-page-tenants');
    expectNoFindings(
      'admin am-tenant-manage',
      await seriousAxeFindings(page, framedPage('am-tenant-manage')),
    );
  });
});
