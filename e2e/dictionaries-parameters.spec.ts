import { type Browser, expect, type Page, test } from '@playwright/test';
import { baseUrl } from './support/environment';
import { submitSignIn } from './support/sign-in';

/**
 * Issue 14, the key flows of /umpDict and /umpParameters: the platform creates a dictionary with an
 * item and a tenant reads it through getValueByCode, then changes the item for itself; a tenant sets
 * its own value of a parameter and sees the effective value, its source, and what clients read.
 */
const TYPE = { code: 'e2e_pipe_material', name: 'E2E 管材' };

const signInAs = async (browser: Browser, account: string) => {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${baseUrl}/login.html`);
  await submitSignIn(page, { account });
  await expect(page).toHaveURL(/\/(index|admin)\.html/);
  return page;
};
const openAdmin = async (page: Page, route: string, testId: string) => {
  await page.goto(`${baseUrl}/page.html#${route}`);
  await expect(page.getByTestId(testId).first()).toBeVisible();
};
const row = (scope: Page | ReturnType<Page['getByTestId']>, text: string) =>
  scope.locator('.ant-table-row', { hasText: text });
/** What the shell's pages read, with the signed-in user's token. */
const callApi = (page: Page, method: 'GET' | 'POST', path: string, body?: unknown) =>
  page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${localStorage.getItem('UniWimAuthorization')}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return (await res.json()).Response;
    },
    { method, path, body },
  );
const labels = async (page: Page) =>
  (
    (await callApi(page, 'POST', '/ump/dictionary/getValueByCode', { codes: [TYPE.code] }))[TYPE.code] as {
      value: string;
      name: string;
    }[]
  ).map((item) => `${item.value}:${item.name}`);

test.describe.configure({ mode: 'serial' });

test.describe('dictionaries and parameters', () => {
  test('a platform dictionary with an item reaches a tenant through getValueByCode, changed there for itself', async ({
    browser,
  }) => {
    const platform = await signInAs(browser, 'admin');
    await openAdmin(platform, '/umpDict?scope=dmp', 'admin-page-dictionaries');
    await platform.getByTestId('admin-create').click();
    const typeForm = platform.getByTestId('admin-form');
    await typeForm.getByLabel('字典编码').fill('E2E');
    await typeForm.getByLabel('字典名称').fill(TYPE.name);
    await platform.getByTestId('admin-form-save').click();
    // The spec's rule, on the field.
    await expect(typeForm).toContainText('字典编码须以小写字母开头，只含小写字母、数字和下划线');
    await typeForm.getByLabel('字典编码').fill(TYPE.code);
    await typeForm.getByLabel('租户可扩展').click();
    await platform.getByTestId('admin-form-save').click();
    await expect(typeForm).toBeHidden();

    await row(platform, TYPE.code).getByTestId('dictionary-items-open').click();
    const items = platform.getByTestId('dictionary-items');
    await items.getByTestId('admin-create').click();
    const itemForm = platform.getByTestId('admin-form');
    await expect(itemForm.getByTestId('dictionary-item-type')).toHaveValue(TYPE.code);
    await itemForm.getByLabel('字典值').fill('pe');
    await itemForm.getByLabel('字典标签').fill('聚乙烯');
    await platform.getByTestId('admin-form-save').click();
    await expect(row(items, '聚乙烯')).toBeVisible();

    // Water's administrator sees it as the platform's, reads it, and relabels it for water only.
    const water = await signInAs(browser, 'water.admin');
    expect(await labels(water)).toEqual(['pe:聚乙烯']);
    await openAdmin(water, '/umpDict', 'admin-page-dictionaries');
    const typeRow = row(water, TYPE.code);
    await expect(typeRow).toContainText('平台');
    await typeRow.getByTestId('dictionary-items-open').click();
    const waterItems = water.getByTestId('dictionary-items');
    await row(waterItems, '聚乙烯').getByTestId('admin-edit').click();
    const overrideForm = water.getByTestId('admin-form');
    await overrideForm.getByLabel('字典标签', { exact: true }).fill('PE 管');
    await water.getByTestId('admin-form-save').click();
    await expect(row(waterItems, 'PE 管')).toBeVisible();
    expect(await labels(water)).toEqual(['pe:PE 管']);
    // The platform's own label is unchanged for everyone else.
    expect(await labels(platform)).toEqual(['pe:聚乙烯']);
  });

  test("a tenant's own parameter value is the effective one, with its source, and what clients read", async ({
    browser,
  }) => {
    const water = await signInAs(browser, 'water.admin');
    await openAdmin(water, '/umpParameters', 'admin-page-parameters');
    const pageSize = row(water, 'defaultPageSize');
    await expect(pageSize).toContainText('平台默认');
    await pageSize.getByTestId('admin-edit').click();
    const form = water.getByTestId('admin-form');
    await form.getByLabel('当前值').fill('二十');
    await water.getByTestId('admin-form-save').click();
    // The server's check of the type lands on the field.
    await expect(form).toContainText('请输入数字');
    await form.getByLabel('当前值').fill('50');
    await water.getByTestId('admin-form-save').click();
    await expect(form).toBeHidden();
    await expect(pageSize).toContainText('50');
    await expect(pageSize).toContainText('租户设置');
    expect(await callApi(water, 'GET', '/ump/param/get?key=defaultPageSize')).toEqual({
      defaultPageSize: '50',
    });
  });
});
