import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { baseUrl, dataDir } from './support/environment';
import { recordPageProblems } from './support/page-problems';
import { submitSignIn } from './support/sign-in';

/** The route element of page.html for a path; kept routes stay in the document while hidden. */
const routeElement = (page: Page, path: string) => page.locator(`.page-route[data-route="${path}"]`);

const goToHash = (page: Page, hash: string) =>
  page.evaluate((next) => {
    location.hash = next;
  }, hash);

test.describe('page.html built-in routes', () => {
  test('/developingPage shows the developing page with its header when opened on its own', async ({
    page,
  }) => {
    const problems = recordPageProblems(page);
    await page.goto(`${baseUrl}/page.html#/developingPage`);
    await expect(page.getByTestId('developing-page')).toBeVisible();
    await expect(page.getByTestId('developing-page')).toContainText('功能开发中');
    await expect(page.getByTestId('page-header')).toHaveText(/功能开发中/);
    await expect(page).toHaveTitle('功能开发中');
    expect(problems).toEqual([]);
  });

  test('an unknown route and an empty hash go to /404', async ({ page }) => {
    await page.goto(`${baseUrl}/page.html#/no-such-route?x=1`);
    await expect(page.getByTestId('not-found-page')).toBeVisible();
    await expect(page).toHaveURL(`${baseUrl}/page.html#/404`);
    await page.goto(`${baseUrl}/page.html`);
    await expect(page.getByTestId('not-found-page')).toBeVisible();
  });

  test('/preview shows the effect drawing, with the handed-over token as access_token', async ({ page }) => {
    const problems = recordPageProblems(page);
    await page.goto(
      `${baseUrl}/page.html#/preview?imgUrl=${encodeURIComponent('/favicon.svg')}&uniwater_utoken=tok-1`,
    );
    const image = page.getByTestId('preview-image');
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute('src', '/favicon.svg?access_token=tok-1');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // Frame ready: the handed-over token is saved.
    expect(await page.evaluate(() => localStorage.getItem('UniWimAuthorization'))).toBe('tok-1');
    // tok-1 is made up: page.html asks the reader's zone with it (/ump/currUserInfo) and is refused.
    expect(problems.filter((problem) => !problem.includes('/ump/currUserInfo'))).toEqual([]);
  });

  test('/preview refuses a javascript: image address', async ({ page }) => {
    await page.goto(`${baseUrl}/page.html#/preview?imgUrl=${encodeURIComponent('javascript:alert(1)')}`);
    await expect(page.getByTestId('preview-empty')).toBeVisible();
    await expect(page.getByTestId('preview-image')).toHaveCount(0);
  });

  test('a cached route keeps its state when left and shown again; a route that is not cached does not stay', async ({
    page,
  }) => {
    const problems = recordPageProblems(page);
    await page.goto(`${baseUrl}/page.html#/preview?imgUrl=${encodeURIComponent('/favicon.svg')}`);
    await expect(page.getByTestId('preview-scale')).toHaveText('100%');
    await page.getByTestId('preview-zoom-in').click();
    await page.getByTestId('preview-zoom-in').click();
    await expect(page.getByTestId('preview-scale')).toHaveText('150%');

    // /deviceDetails is one of the routes the spec does not cache.
    await goToHash(page, '#/deviceDetails');
    await expect(routeElement(page, '/deviceDetails')).toBeVisible();
    await expect(routeElement(page, '/preview')).toBeHidden();
    await expect(routeElement(page, '/preview')).toHaveCount(1);

    await goToHash(page, '#/developingPage');
    await expect(routeElement(page, '/developingPage')).toBeVisible();
    await expect(routeElement(page, '/deviceDetails')).toHaveCount(0);

    await goToHash(page, `#/preview?imgUrl=${encodeURIComponent('/favicon.svg')}`);
    await expect(routeElement(page, '/preview')).toBeVisible();
    await expect(page.getByTestId('preview-scale')).toHaveText('150%');
    await expect(routeElement(page, '/developingPage')).toBeHidden();
    expect(problems).toEqual([]);
  });

  test('/downloadPage lists the user applications, warns 暂无下载包, downloads a package and logs it as type 2', async ({
    page,
  }) => {
    // Signs in (argon2) and loads three pages: on a busy two-core machine this nears the default 30 s.
    test.slow();
    await page.goto(`${baseUrl}/page.html#/downloadPage`);
    await expect(page.getByTestId('download-sign-in')).toBeVisible();

    // What an administrator's upload leaves behind: the demo seed names devices-1.2.0.zip for the
    // devices application.
    mkdirSync(join(dataDir(), 'packages'), { recursive: true });
    writeFileSync(join(dataDir(), 'packages', 'devices-1.2.0.zip'), 'PK-e2e-package');

    await page.goto(`${baseUrl}/login.html`);
    await submitSignIn(page, { account: 'water.op' });
    await expect(page).toHaveURL(/\/index\.html/);
    const list = page.waitForResponse((response) => response.url().endsWith('/package-api/appPackage/list'));
    await page.goto(`${baseUrl}/page.html#/downloadPage`);
    const applications = (await (await list).json()) as {
      Response: { appKey: string; name: string; hasPackage: boolean }[];
    };
    expect(applications.Response.length).toBeGreaterThan(0);
    await expect(page.getByTestId('download-page').locator('tbody tr')).toHaveCount(
      applications.Response.length,
    );

    // The demo seed gives the water tenant applications without a package (only devices names one).
    const withoutPackage = applications.Response.find((item) => !item.hasPackage);
    expect(withoutPackage).toBeDefined();
    await page.getByTestId(`download-${withoutPackage!.appKey}`).click();
    await expect(page.locator('.ant-message')).toContainText('暂无下载包');

    // A package downloads and is logged as usage type 2.
    const devices = applications.Response.find((item) => item.appKey === 'devices');
    expect(devices?.hasPackage).toBe(true);
    const usageLog = page.waitForRequest(
      (request) => request.url().endsWith('/ump/accessLog/saveLog') && request.method() === 'POST',
    );
    const download = page.waitForEvent('download');
    await page.getByTestId('download-devices').click();
    expect((await download).suggestedFilename()).toBe('devices-1.2.0.zip');
    expect((await usageLog).postDataJSON()).toMatchObject({
      type: 2,
      source: 'web',
      result: 1,
      applicationName: devices!.name,
    });
  });
  test('routes show or hide the menus and the header as spec section 2 lists', async ({ page }) => {
    const problems = recordPageProblems(page);
    await page.goto(`${baseUrl}/login.html`);
    await submitSignIn(page, { account: 'water.op' });
    await expect(page).toHaveURL(/\/index\.html/);

    await page.goto(`${baseUrl}/page.html#/train`);
    await expect(page.getByTestId('page-menus')).toBeVisible();
    await expect(page.getByTestId('page-menus').getByRole('menuitem').first()).toBeVisible();
    await expect(page.getByTestId('page-header')).toBeVisible();

    await goToHash(page, '#/uploadBase');
    await expect(routeElement(page, '/uploadBase')).toBeVisible();
    await expect(page.getByTestId('page-menus')).toHaveCount(0);
    await expect(page.getByTestId('page-header')).toHaveCount(0);

    await goToHash(page, '#/deviceList');
    await expect(routeElement(page, '/deviceList')).toBeVisible();
    await expect(page.getByTestId('page-header')).toBeVisible();
    await expect(page.getByTestId('page-menus')).toHaveCount(0);
    expect(problems).toEqual([]);
  });
});
