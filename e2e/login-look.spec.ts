import { expect, type Page, test } from '@playwright/test';
import { defaultLoginConfig, type LoginConfigOverride, parseLoginTypes } from '@uniwim/contracts/client';
import { baseUrl, screenshotPath, tenantOrigin } from './support/environment';
import { recordPageProblems } from './support/page-problems';
import { demoSeed, demoTenant } from './support/seed';

const MODE_LABELS: Record<string, string> = { '1-1': '账号登录', '1-2': '扫码登录', '1-3': '短信登录' };

/** A tenant's effective configuration: its own fields over the platform's. */
const effectiveConfig = (tenant: LoginConfigOverride) => ({
  ...defaultLoginConfig(),
  ...demoSeed.platform.loginConfig,
  ...tenant,
});

const expectImageLoaded = async (page: Page, testId: string) => {
  const image = page.getByTestId(testId).locator('xpath=self::img | .//img').first();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
      message: `${testId} image loaded`,
    })
    .toBe(true);
};

const expectModeTabs = async (page: Page, loginAccountType: string) => {
  const expected = parseLoginTypes(loginAccountType).map((type) => MODE_LABELS[type]);
  await expect(page.getByRole('tab')).toHaveText(expected as string[]);
  await expect(page.getByRole('tab').first()).toHaveAttribute('aria-selected', 'true');
};

test.describe('sign-in page look comes from the tenant configuration', () => {
  test('water: tenant from the host name, background and copyright shown', async ({ page }) => {
    const problems = recordPageProblems(page);
    const water = demoTenant('water');
    const config = effectiveConfig(water.loginConfig);

    await page.goto(`${tenantOrigin(water.domain)}/login.html`);

    await expect(page).toHaveTitle(config.title);
    const logo = page.getByTestId('login-logo');
    await expect(logo).toHaveAttribute('href', 'index.html');
    await expect(logo.locator('img')).toHaveAttribute('src', config.logo);
    await expect(page.locator('link[rel~="icon"]')).toHaveAttribute('href', config.favicon);
    await expect(page.getByTestId('login-bg')).toBeVisible();
    await expect(page.getByTestId('login-bg')).toHaveAttribute('src', config.loginBackground);
    await expect(page.getByTestId('login-left-image')).toHaveAttribute('src', config.loginLeftBackground);
    await expect(page.getByTestId('login-copyright')).toHaveText(config.copyright);
    await expect(page.getByTestId('login-panel').getByRole('heading', { name: config.title })).toBeVisible();
    await expectModeTabs(page, config.loginAccountType);
    // customCss: ".login-panel { border-top: 4px solid #1677ff; }"
    await expect(page.getByTestId('login-panel')).toHaveCSS('border-top-color', 'rgb(22, 119, 255)');
    await expect(page.getByTestId('login-panel')).toHaveCSS('border-top-width', '4px');
    for (const testId of ['login-logo', 'login-bg', 'login-left-image'])
      await expectImageLoaded(page, testId);

    await page.screenshot({ path: screenshotPath('login-water'), fullPage: true });
    expect(problems).toEqual([]);
  });

  test('energy: tenant from ?tenant=, background hidden and no copyright', async ({ page }) => {
    const problems = recordPageProblems(page);
    const energy = demoTenant('energy');
    const config = effectiveConfig(energy.loginConfig);

    await page.goto(`${baseUrl}/login.html?tenant=${energy.code}`);

    await expect(page).toHaveTitle(config.title);
    await expect(page.getByTestId('login-logo').locator('img')).toHaveAttribute('src', config.logo);
    await expect(page.locator('link[rel~="icon"]')).toHaveAttribute('href', config.favicon);
    await expect(page.getByTestId('login-left-image')).toHaveAttribute('src', config.loginLeftBackground);
    await expect(page.getByTestId('login-panel')).toBeVisible();
    // loginBgType "1" hides the full-page background; copyrightPosition ["1"] keeps the copyright off this page.
    await expect(page.getByTestId('login-bg')).toHaveCount(0);
    await expect(page.getByTestId('login-copyright')).toHaveCount(0);
    await expect(page.getByText(config.copyright)).toHaveCount(0);
    await expectModeTabs(page, config.loginAccountType);
    // customCss: ".login-panel { border-top: 4px solid #fa8c16; }"
    await expect(page.getByTestId('login-panel')).toHaveCSS('border-top-color', 'rgb(250, 140, 22)');
    for (const testId of ['login-logo', 'login-left-image']) await expectImageLoaded(page, testId);

    await page.screenshot({ path: screenshotPath('login-energy'), fullPage: true });
    expect(problems).toEqual([]);
  });

  test('fits a phone screen', async ({ page }) => {
    const water = demoTenant('water');
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`${tenantOrigin(water.domain)}/login.html`);

    const panel = page.getByTestId('login-panel');
    await expect(panel).toBeVisible();
    const box = await panel.boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
    await expect(page.getByTestId('login-left-image')).toBeHidden();
    const scrollsSideways = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(scrollsSideways).toBe(false);

    await page.screenshot({ path: screenshotPath('login-water-phone'), fullPage: true });
  });

  test('a failed configuration call leaves a usable default look, after the old session is cleared', async ({
    page,
    context,
  }) => {
    await context.addCookies([{ name: 'target_sys', value: 'legacy-system', url: baseUrl }]);
    // Any same-origin page that does not clear storage itself will do for seeding local storage.
    await page.goto(`${baseUrl}/favicon.svg`);
    await page.evaluate(() => {
      localStorage.setItem('UniWimAuthorization', 'stale-token');
      localStorage.setItem('e2e-leftover', 'x');
    });

    const atConfigRequest: { token: string | null; leftover: string | null; targetSys: boolean }[] = [];
    // Simulates a network failure of this one call; the server itself is untouched.
    await page.route('**/ump/cfg-encrypt*', async (route) => {
      const storage = await page.evaluate(() => ({
        token: localStorage.getItem('UniWimAuthorization'),
        leftover: localStorage.getItem('e2e-leftover'),
      }));
      const cookies = await context.cookies(baseUrl);
      atConfigRequest.push({ ...storage, targetSys: cookies.some((c) => c.name === 'target_sys') });
      await route.abort('failed');
    });

    await page.goto(`${baseUrl}/login.html`);

    const fallback = defaultLoginConfig();
    const panel = page.getByTestId('login-panel');
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('heading', { name: fallback.title })).toBeVisible();
    await expect(page).toHaveTitle(fallback.title);
    await expectModeTabs(page, fallback.loginAccountType);
    // The default configuration has no images: the logo is a text mark, and no background shows.
    await expect(page.getByTestId('login-logo')).toBeVisible();
    await expect(page.getByTestId('login-logo')).toHaveAttribute('href', 'index.html');
    await expect(page.getByTestId('login-logo').locator('img')).toHaveCount(0);
    await expect(page.getByTestId('login-bg')).toHaveCount(0);

    // Page load clears first, then loads the configuration (spec section 4).
    expect(atConfigRequest).toEqual([{ token: null, leftover: null, targetSys: false }]);
    expect((await context.cookies(baseUrl)).map((c) => c.name)).not.toContain('target_sys');
    const storage = await page.evaluate(() => Object.keys(localStorage));
    expect(storage).not.toContain('UniWimAuthorization');
    expect(storage).not.toContain('e2e-leftover');

    await page.screenshot({ path: screenshotPath('login-default'), fullPage: true });
  });
});
