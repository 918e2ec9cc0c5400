import { type Browser, expect, type Page, test } from '@playwright/test';
import { samplePackage } from '../server/test/support/zip-builder';
import { baseUrl } from './support/environment';
import { chooseOption } from './support/select';
import { signIn, submitSignIn } from './support/sign-in';
import { VERSIONS_E2E } from './support/versions-seed';

/**
 * Issue 14 end to end: the platform administrator uploads a version's package, publishes the
 * version to one tenant only (a grey release), and the shell's frames follow: `_v` changes for
 * that tenant's user and stays for the other tenant's; so does the download page.
 */
const { application, menu, grey, other } = VERSIONS_E2E;
const NEW_VERSION = '1.1.0';

/** The `_v` of the frame the shell opened for the application's menu item. */
const frameVersion = async (page: Page): Promise<string | null> => {
  const frameName = `shell-frame-${menu.id}`;
  await expect.poll(() => page.frame({ name: frameName })?.url() ?? '').toContain('page.html');
  return new URL(page.frame({ name: frameName })!.url()).searchParams.get('_v');
};

const signInMember = async (browser: Browser, tenant: typeof grey | typeof other) => {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, {
    account: tenant.user.username,
    tenantName: tenant.name,
    expectedName: tenant.user.name,
  });
  return page;
};

test.describe('application versions', () => {
  test('a version published to one tenant changes _v there and not in the other', async ({
    page,
    browser,
  }) => {
    const greyUser = await signInMember(browser, grey);
    const otherUser = await signInMember(browser, other);
    expect(await frameVersion(greyUser)).toBe(application.version);
    expect(await frameVersion(otherUser)).toBe(application.version);

    // The platform administrator creates the version with its package.
    await page.goto(`${baseUrl}/login.html`);
    await submitSignIn(page, { account: 'admin' });
    await expect(page).toHaveURL(/\/(index|admin)\.html/);
    await page.goto(`${baseUrl}/page.html#/umpVersioning`);
    await expect(page.getByTestId('admin-page-versions')).toBeVisible();
    await page.getByTestId('admin-create').click();
    const form = page.getByTestId('admin-form');
    await chooseOption(
      page,
      form.getByLabel('应用', { exact: true }),
      application.name,
      form.locator('.ant-select-content', { hasText: application.name }),
    );
    await form.getByLabel('版本号').fill(NEW_VERSION);
    await form.getByLabel('更新说明').fill('灰度发布：首页改版');
    await page.getByTestId('upload-version-package').setInputFiles({
      name: `${application.key}-${NEW_VERSION}.zip`,
      mimeType: 'application/zip',
      buffer: samplePackage(application.key),
    });
    const check = page.getByTestId('version-package-check');
    await expect(check).toContainText('可读取的 zip 压缩包，共 2 个文件');
    await expect(check).toContainText('SHA-256');
    await page.getByTestId('admin-form-save').click();
    const row = page
      .locator('.ant-table-row', { hasText: application.name })
      .filter({ hasText: NEW_VERSION });
    await expect(row).toContainText('草稿');
    await expect(row).toContainText(`${application.key}-${NEW_VERSION}.zip`);

    // Published to the grey tenant only.
    await row.getByTestId('admin-action-publish').click();
    const dialog = page.getByTestId('admin-action-form');
    await chooseOption(
      page,
      dialog.getByLabel('发布范围'),
      '指定租户（灰度）',
      dialog.locator('.ant-select-content', { hasText: '指定租户（灰度）' }),
    );
    await chooseOption(
      page,
      dialog.getByLabel('租户', { exact: true }),
      grey.name,
      dialog.locator('.ant-select-selection-item', { hasText: grey.name }),
    );
    await page.locator('.ant-modal-title', { hasText: '发布' }).click();
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(row).toContainText('已发布');
    await expect(row).toContainText(grey.name);

    // The detail shows the release entry and who runs the version now.
    await row.getByTestId('admin-view').click();
    await expect(page.getByTestId('version-release')).toContainText(`指定租户：${grey.name}`);
    await expect(page.getByTestId('version-live-tenants')).toHaveText(grey.name);

    await greyUser.reload();
    await otherUser.reload();
    expect(await frameVersion(greyUser)).toBe(NEW_VERSION);
    expect(await frameVersion(otherUser)).toBe(application.version);

    // The download page follows too: the grey tenant gets the new package, the other has none.
    const downloadRow = (member: Page) =>
      member.getByTestId('download-page').locator('tbody tr', { hasText: application.name });
    await greyUser.goto(`${baseUrl}/page.html#/downloadPage`);
    await expect(downloadRow(greyUser)).toContainText(NEW_VERSION);
    const download = greyUser.waitForEvent('download');
    await greyUser.getByTestId(`download-${application.key}`).click();
    expect((await download).suggestedFilename()).toBe(`${application.key}-${NEW_VERSION}.zip`);
    await otherUser.goto(`${baseUrl}/page.html#/downloadPage`);
    await expect(downloadRow(otherUser)).toContainText(application.version);
    await expect(downloadRow(otherUser)).toContainText('暂无下载包');
  });
});
