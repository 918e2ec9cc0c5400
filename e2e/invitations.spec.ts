import { type Browser, expect, type FrameLocator, type Page, test } from '@playwright/test';
import { baseUrl } from './support/environment';
import { submitSignIn } from './support/sign-in';

/**
 * Issue 24 end to end: an account belongs to its holder. Energy's administrator creates a member;
 * water's administrator adds that person by mobile, through the admin console's menu, and gets an
 * invitation, not the account; the person signs in to energy, sees the invitation under the
 * header and accepts it, and only then is a member of water.
 */
const INVITEE = { username: 'e2e.invitee', name: 'E2E 受邀人', mobile: '13755550024' };
const NEW_PASSWORD = 'Invitee-Passw0rd-2026';

const signInAs = async (browser: Browser, account: string, password?: string) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login.html`);
  await submitSignIn(page, { account, ...(password ? { password } : {}) });
  return page;
};

/** The users page as its administrator reaches it: admin.html, then 用户管理 in the menu. */
const openUsersFromMenu = async (page: Page): Promise<FrameLocator> => {
  await expect(page).toHaveURL(`${baseUrl}/index.html`);
  await page.goto(`${baseUrl}/admin.html`);
  await expect(page.getByTestId('shell')).toHaveAttribute('data-shell-kind', 'admin');
  await expect(page.getByTestId('current-user-name')).toBeVisible();
  const item = page.locator('[data-testid="shell-menu"] [data-menu-id="am-users"]');
  if (!(await item.isVisible()))
    await page.locator('[data-testid="shell-menu"]').getByText('组织权限', { exact: true }).first().click();
  await item.click();
  const frame = page.frameLocator('iframe[data-tab-id="am-users"]');
  await expect(frame.getByTestId('admin-page-users')).toBeVisible();
  return frame;
};

const createMember = async (frame: FrameLocator, fields: Record<string, string>) => {
  await frame.getByTestId('admin-create').click();
  const form = frame.getByTestId('admin-form');
  for (const [label, value] of Object.entries(fields))
    await form.getByLabel(label, { exact: true }).fill(value);
  await frame.getByTestId('admin-form-save').click();
};

test('an existing account added by mobile is invited, and joins only when its holder accepts', async ({
  browser,
}) => {
  test.setTimeout(120_000);

  const energyAdmin = await signInAs(browser, 'energy.admin');
  const energyUsers = await openUsersFromMenu(energyAdmin);
  await createMember(energyUsers, { 账号: INVITEE.username, 姓名: INVITEE.name, 手机号: INVITEE.mobile });
  await expect(energyUsers.getByTestId('admin-shown-once')).toBeVisible();
  const initialPassword = (await energyUsers.getByTestId('shown-initialPassword').textContent())!.trim();
  await energyUsers.locator('.ant-modal-footer .ant-btn-primary').click();

  const waterAdmin = await signInAs(browser, 'water.admin');
  const waterUsers = await openUsersFromMenu(waterAdmin);
  await createMember(waterUsers, { 手机号: INVITEE.mobile });
  const invitedRow = waterUsers.locator('.ant-table-row', { hasText: INVITEE.username });
  await expect(invitedRow).toContainText('待接受邀请');
  // Its status and credentials are its holder's: no switch, no password reset on the row.
  await expect(invitedRow.getByTestId('admin-status-switch')).toHaveCount(0);

  const invitee = await signInAs(browser, INVITEE.username, initialPassword);
  const dialog = invitee.getByRole('dialog', { name: '修改密码' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('原密码').fill(initialPassword);
  await dialog.getByLabel('新密码').fill(NEW_PASSWORD);
  await dialog.getByLabel('确认密码').fill(NEW_PASSWORD);
  await dialog.getByTestId('change-password-submit').click();
  await expect(invitee).toHaveURL(`${baseUrl}/index.html`);

  const bar = invitee.getByTestId('shell-invitations');
  await expect(bar).toContainText('示范水务集团');
  await expect(bar).toContainText('邀请您加入');
  await bar.getByRole('button', { name: '接受' }).click();
  await expect(bar.getByRole('status')).toHaveText('已加入，可在“切换租户”中进入');
  await expect(bar.getByRole('button', { name: '接受' })).toHaveCount(0);

  await waterUsers.getByRole('button', { name: '刷新' }).click();
  await expect(invitedRow).not.toContainText('待接受邀请');
  await expect(invitedRow).toContainText('启用');
});
