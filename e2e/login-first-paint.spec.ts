import { type Browser, expect, type Page, test } from '@playwright/test';
import { baseUrl, screenshotPath } from './support/environment';
import { demoSeed, demoTenant } from './support/seed';

/**
 * Issue 11: login.html arrives already drawn in the tenant's look (the server renders it), and the
 * interface takes the place of that drawing without moving anything.
 */

const PAGES = [
  { name: 'platform', path: '/login.html', config: demoSeed.platform.loginConfig },
  {
    name: 'water',
    path: `/login.html?tenant=${demoTenant('water').code}`,
    config: { ...demoSeed.platform.loginConfig, ...demoTenant('water').loginConfig },
  },
];
const SCREENS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

/** Where the parts of the page are, as the server drew them (no JavaScript) or as React did. */
const layoutOf = async (page: Page, drawnByReact: boolean) => {
  const box = async (selector: string) => page.locator(selector).first().boundingBox();
  return {
    logo: await box('.login-logo'),
    panel: await box('.login-panel'),
    title: await box('.login-panel__title'),
    firstField: await box(drawnByReact ? '.login-form .login-field' : '.login-form .login-skeleton__field'),
    button: await box(drawnByReact ? '[data-testid="login-submit"]' : '.login-skeleton__button'),
    footer: await box('.login-footer'),
  };
};

const open = async (
  browser: Browser,
  path: string,
  viewport: (typeof SCREENS)[number],
  javaScriptEnabled: boolean,
) => {
  const context = await browser.newContext({ javaScriptEnabled, viewport });
  const page = await context.newPage();
  await page.goto(`${baseUrl}${path}`);
  return { page, close: () => context.close() };
};

test.describe('sign-in page before its scripts run', () => {
  for (const { name, path, config } of PAGES) {
    test(`${name}: the page arrives in the tenant's look`, async ({ browser }) => {
      const { page, close } = await open(browser, path, SCREENS[0]!, false);
      await expect(page).toHaveTitle(config.title!);
      await expect(page.locator('link[rel~="icon"]')).toHaveAttribute('href', config.favicon!);
      await expect(page.locator('.login-logo img')).toHaveAttribute('src', config.logo!);
      await expect(page.locator('.login-bg')).toHaveAttribute('src', config.loginBackground!);
      await expect(page.locator('.login-showcase img')).toHaveAttribute('src', config.loginLeftBackground!);
      await expect(page.getByRole('heading', { name: config.title! })).toBeVisible();
      await expect(page.locator('.login-footer')).toHaveText(config.copyright!);
      await page.screenshot({ path: screenshotPath(`login-${name}-without-scripts`) });
      await close();
    });

    for (const viewport of SCREENS) {
      test(`${name} at ${viewport.width} px: the interface replaces the server's drawing without moving it`, async ({
        browser,
      }) => {
        const drawn = await open(browser, path, viewport, false);
        await expect(drawn.page.locator('.login-skeleton__button')).toBeVisible();
        const before = await layoutOf(drawn.page, false);
        await drawn.close();

        const live = await open(browser, path, viewport, true);
        await expect(live.page.getByTestId('account-login-form')).toBeVisible();
        const after = await layoutOf(live.page, true);
        await live.close();

        expect(before.panel).not.toBeNull();
        expect(after).toEqual(before);
      });
    }
  }
});
