import { expect, type Page, test } from '@playwright/test';
import { baseUrl } from './support/environment';
import { recordPageProblems } from './support/page-problems';
import { signIn } from './support/sign-in';

const SETTINGS = `${baseUrl}/page.html#/dmpSysConfigManagement`;

const lookForm = (page: Page) => page.getByTestId('settings-form-signInLook');

/** Types a new platform title in the sign-in look tab and saves it; answers the saved version. */
const saveTitle = async (page: Page, title: string): Promise<number> => {
  const form = lookForm(page);
  const save = form.getByTestId('settings-save');
  await form.getByLabel('平台标题').fill(title);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('保存成功').last()).toBeVisible();
  await expect(save).toBeDisabled();
  const line = await page.getByTestId('settings-version').textContent();
  return Number(/v(\d+)/.exec(line ?? '')?.[1]);
};

/**
 * Issue 12, /dmpSysConfigManagement: the platform administrator changes the platform's sign-in
 * title, sees the change in the history, rolls back to an earlier version, and login.html shows the
 * title of that version.
 */
test('the platform administrator changes the sign-in title, sees it in history, rolls back', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const problems = recordPageProblems(page);
  await signIn(page, { account: 'admin', expectedName: '平台管理员' });
  await page.goto(SETTINGS);
  await expect(lookForm(page)).toBeVisible();
  const original = await lookForm(page).getByLabel('平台标题').inputValue();

  // Nothing changed yet: Save and Revert wait; Revert discards an edit.
  await expect(lookForm(page).getByTestId('settings-save')).toBeDisabled();
  await lookForm(page).getByLabel('平台标题').fill('不会保存的标题');
  await lookForm(page).getByRole('button', { name: '撤销修改' }).click();
  await expect(lookForm(page).getByLabel('平台标题')).toHaveValue(original);

  const stamp = Date.now().toString(36);
  const first = `水务云平台 ${stamp}`;
  const second = `能源云平台 ${stamp}`;
  const firstVersion = await saveTitle(page, first);
  const secondVersion = await saveTitle(page, second);
  expect(secondVersion).toBe(firstVersion + 1);

  await page.getByRole('button', { name: '变更历史' }).click();
  const latest = page.getByTestId(`settings-version-${secondVersion}`);
  await expect(latest).toContainText('当前版本');
  await expect(latest.getByRole('row', { name: /平台标题/ })).toContainText(first);
  await expect(latest.getByRole('row', { name: /平台标题/ })).toContainText(second);

  const earlier = page.getByTestId(`settings-version-${firstVersion}`);
  await earlier.getByRole('button', { name: '回滚到此版本' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '回滚到此版本' }).click();
  await expect(page.getByText(`已回滚到 v${firstVersion}`)).toBeVisible();
  const rollback = page.getByTestId(`settings-version-${secondVersion + 1}`);
  await expect(rollback).toContainText('回滚');
  await expect(rollback).toContainText(`恢复为 v${firstVersion}`);
  await page.keyboard.press('Escape');
  await expect(lookForm(page).getByLabel('平台标题')).toHaveValue(first);

  // A fresh browser sees the rolled-back title on the platform's sign-in page.
  const visitor = await browser.newContext({ locale: 'zh-CN' });
  const login = await visitor.newPage();
  await login.goto(`${baseUrl}/login.html`);
  await expect(login).toHaveTitle(first);
  await expect(login.getByTestId('login-panel').getByRole('heading', { name: first })).toBeVisible();
  await visitor.close();

  // Leave the platform's title as the other specs expect it.
  await saveTitle(page, original);
  expect(problems).toEqual([]);
});
