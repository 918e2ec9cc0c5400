import { expect, test } from '@playwright/test';
import { baseUrl } from './support/environment';
import { recordPageProblems } from './support/page-problems';
import { signIn } from './support/sign-in';

test.describe('entry pages', () => {
  test('the site root leads to the sign-in page', async ({ page }) => {
    await page.goto(`${baseUrl}/`);
    await expect(page).toHaveURL(/\/login\.html/);
    await expect(page.getByTestId('login-panel')).toBeVisible();
  });

  for (const path of ['/index.html', '/admin.html']) {
    test(`${path} without a token goes to the sign-in page`, async ({ page }) => {
      await page.goto(`${baseUrl}${path}`);
      await expect(page).toHaveURL(`${baseUrl}/login.html`);
      await expect(page.getByTestId('login-panel')).toBeVisible();
    });
  }

  test('/mobile/index.html without a token shows its own sign-in', async ({ page }) => {
    // It stays: a scanned QR link (#/qr?uid=) must survive the sign-in (see qr-login.spec.ts).
    await page.goto(`${baseUrl}/mobile/index.html`);
    await expect(page.getByTestId('mobile-sign-in')).toBeVisible();
    await expect(page).toHaveURL(`${baseUrl}/mobile/index.html`);
  });

  test('index.html after sign-in shows the shell with the user', async ({ page }) => {
    const problems = recordPageProblems(page);
    await signIn(page, { account: 'water.op', expectedName: '李运维' });
    await expect(page.getByTestId('shell')).toBeVisible();
    await expect(page.getByTestId('shell-header')).toBeVisible();
    await expect(page.getByTestId('logout')).toBeVisible();
    expect(problems).toEqual([]);
  });
});
