import { expect, type Locator, type Page, test } from '@playwright/test';
import { baseUrl, screenshotPath } from './support/environment';
import { recordPageProblems } from './support/page-problems';
import { signIn, submitSignIn } from './support/sign-in';
import { codesSentTo, waitForSmsCode } from './support/sms-outbox';

const SETTINGS = `${baseUrl}/page.html#/tenantSettings`;
const API = `${baseUrl}/ump/admin/tenant-settings`;
const WATER_LOGIN = `${baseUrl}/login.html?tenant=water`;
const WATER_OP_MOBILE = '13900000002';
/** A 2×2 PNG: the server reads the type from these bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFklEQVR42mNk+M9Qz8DAwMDIwMDAAAAfmAL/1xZzXAAAAABJRU5ErkJggg==',
  'base64',
);

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
    { url: API, method, body },
  );

/** Removes a chosen option of an antd multiple select by its label. */
const removeTag = async (select: Locator, label: string) => {
  await select
    .locator('.ant-select-selection-item', { hasText: label })
    .locator('.ant-select-selection-item-remove')
    .click();
};

/**
 * Issue 13, /tenantSettings: water's administrator changes the sign-in title, background and account
 * types in the designer, sees them in the preview of the real login.html (desktop and phone), publishes,
 * and a fresh browser shows them on the tenant's login.html; then turns two-factor on and a member's
 * next sign-in asks for the SMS code.
 */
test('the tenant administrator designs, previews and publishes the sign-in page, then turns two-factor on', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const problems = recordPageProblems(page);
  await signIn(page, { account: 'water.admin', expectedName: '王管理' });
  const original = (await callApi(page, 'GET')).Response;
  try {
    await page.goto(SETTINGS);
    await page.getByRole('tab', { name: '登录页设计' }).click();
    const form = page.getByTestId('settings-form-signInLook');
    await expect(form).toBeVisible();

    const title = `水务统一门户 ${Date.now().toString(36)}`;
    await form.getByLabel('登录页标题').fill(title);
    // The background: an image uploaded into the tenant's files (the files module, issue 14).
    await form.getByTestId('upload-loginBackground').setInputFiles({
      name: 'background.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await expect(page.getByText('图片已上传').last()).toBeVisible();
    await expect(form.getByLabel('登录背景图')).toHaveValue(/^\/ump\/files\/f-[0-9a-f-]{36}$/);
    const background = await form.getByLabel('登录背景图').inputValue();
    // Account types: SMS first, no QR code.
    const modes = form.locator('.ant-form-item', { hasText: '登录方式（按顺序）' }).locator('.ant-select');
    await removeTag(modes, '账号密码');
    await removeTag(modes, '扫码登录');
    await modes.click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('账号密码').click();
    await page.keyboard.press('Escape');

    // The preview: the real login.html with the unsaved values, at both widths.
    for (const frame of ['preview-desktop', 'preview-phone']) {
      const preview = page.frameLocator(`[data-testid="${frame}"]`);
      await expect(preview.locator('.login-panel__title')).toHaveText(title);
      await expect(preview.getByRole('tab')).toHaveText(['短信登录', '账号登录']);
    }
    await expect(
      page.frameLocator('[data-testid="preview-desktop"]').locator('img.login-bg'),
    ).toHaveAttribute('src', background);
    await page.screenshot({ path: screenshotPath('tenant-settings-designer'), fullPage: true });
    // Not published yet: a fresh browser still sees the old title.
    const before = await browser.newContext();
    const beforePage = await before.newPage();
    await beforePage.goto(WATER_LOGIN);
    await expect(beforePage.locator('.login-panel__title')).not.toHaveText(title);
    await before.close();

    await form.getByTestId('settings-save').click();
    await expect(page.getByText('保存成功').last()).toBeVisible();

    const fresh = await browser.newContext();
    const visitor = await fresh.newPage();
    await visitor.goto(WATER_LOGIN);
    await expect(visitor.locator('.login-panel__title')).toHaveText(title);
    await expect(visitor).toHaveTitle(title);
    await expect(visitor.locator('img.login-bg')).toHaveAttribute('src', background);
    await expect(visitor.getByRole('tab')).toHaveText(['短信登录', '账号登录']);
    await expect(visitor.getByRole('tab', { name: '短信登录' })).toHaveAttribute('aria-selected', 'true');
    await fresh.close();

    // Two-factor by SMS for every member.
    await page.getByRole('tab', { name: '安全策略' }).click();
    const security = page.getByTestId('settings-form-security');
    await security.getByLabel('短信双因素认证').click();
    await security.getByTestId('settings-save').click();
    await expect(page.getByText('保存成功').last()).toBeVisible();

    const member = await browser.newContext();
    const op = await member.newPage();
    await op.goto(WATER_LOGIN);
    await op.getByRole('tab', { name: '账号登录' }).click();
    const seen = codesSentTo(WATER_OP_MOBILE).length;
    await submitSignIn(op, { account: 'water.op' });
    const step = op.getByTestId('code-step');
    await expect(step).toBeVisible();
    const code = await waitForSmsCode(WATER_OP_MOBILE, seen);
    await step.getByTestId('code-boxes').locator('input').first().click();
    await op.keyboard.type(code, { delay: 20 });
    await step.getByTestId('code-step-submit').click();
    await expect(op).toHaveURL(`${baseUrl}/index.html`);
    await expect(op.getByTestId('current-user-name')).toHaveText('李运维');
    await member.close();
    expect(problems).toEqual([]);
  } finally {
    // Other specs sign in to water: its look and policy go back to what they were.
    const current = (await callApi(page, 'GET')).Response;
    await callApi(page, 'PUT', {
      version: current.version,
      signInLook: original.settings.signInLook,
      security: original.settings.security,
    });
  }
});

/** Issue 16: the tenant's own log retention, set on its settings page within the platform's maximum. */
test("the tenant administrator keeps the tenant's logs fewer days, never beyond the platform's maximum", async ({
  page,
}) => {
  const problems = recordPageProblems(page);
  await signIn(page, { account: 'water.admin', expectedName: '王管理' });
  await page.goto(SETTINGS);
  await page.getByRole('tab', { name: '日志保留' }).click();
  const retention = page.getByTestId('log-retention');
  const maximum = Number(
    /平台上限 (\d+) 天/.exec(
      (await retention
        .getByText(/平台上限 \d+ 天/)
        .first()
        .textContent()) ?? '',
    )?.[1],
  );
  expect(maximum).toBeGreaterThan(30);
  const loginDays = retention.getByLabel('登录日志保留天数');
  await loginDays.fill(String(maximum + 1));
  await retention.getByTestId('log-retention-save').click();
  await expect(retention.getByText(`不能超过平台上限 ${maximum} 天`)).toBeVisible();
  await loginDays.fill('30');
  await retention.getByTestId('log-retention-save').click();
  await expect(page.getByText('保存成功').last()).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: '日志保留' }).click();
  await expect(page.getByTestId('log-retention').getByLabel('登录日志保留天数')).toHaveValue('30');
  expect(problems).toEqual([]);
});
