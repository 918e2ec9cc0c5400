import { type Browser, expect, type Page, test } from '@playwright/test';
import { baseUrl } from './support/environment';
import { submitSignIn } from './support/sign-in';

/**
 * Issue 13 end to end: the tenant's administrator keeps the organisation chart and its users, a
 * role's menus are what its holder sees, and a role's data scope is what its holder's list shows.
 */
const DEPARTMENT = 'E2E 研发部';
const MEMBER = { username: 'e2e.member', name: 'E2E 成员' };
const NEW_PASSWORD = 'Member-Passw0rd-2026';

const signInAs = async (browser: Browser, account: string, password?: string) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login.html`);
  await submitSignIn(page, { account, ...(password ? { password } : {}) });
  return page;
};
const openUsers = async (page: Page) => {
  await page.goto(`${baseUrl}/page.html#/umpUser`);
  await expect(page.getByTestId('admin-page-users')).toBeVisible();
};
const row = (page: Page, text: string) => page.locator('.ant-table-row', { hasText: text });
const menuLabels = (page: Page) =>
  page
    .locator('[data-testid="shell-menu"] [data-menu-id]')
    .evaluateAll((nodes) => nodes.map((n) => n.textContent?.trim()));

test.describe.configure({ mode: 'serial' });

test.describe('tenant users and departments', () => {
  test('the administrator creates a department and a user in it with a role; that user sees exactly its menus', async ({
    browser,
  }) => {
    // Three people sign in, one of them changing a password: longer than one page's budget.
    test.setTimeout(120_000);
    const admin = await signInAs(browser, 'water.admin');
    await expect(admin).toHaveURL(`${baseUrl}/index.html`);
    await openUsers(admin);
    await expect(admin.getByTestId('department-生产运营部')).toBeVisible();

    await admin.getByTestId('department-create').click();
    await admin.getByTestId('department-name').fill(DEPARTMENT);
    await admin
      .locator('.ant-modal')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(admin.getByTestId(`department-${DEPARTMENT}`)).toBeVisible();

    await admin.getByTestId('admin-create').click();
    const form = admin.getByTestId('admin-form');
    await form.getByLabel('账号', { exact: true }).fill(MEMBER.username);
    await form.getByLabel('姓名', { exact: true }).fill(MEMBER.name);
    // The department picker: its tree refetches once the new department lands, and a click that
    // meets the re-render selects nothing, so take the node again until the picker shows it.
    const departmentPicker = form.getByTestId('department-picker');
    const departmentNode = admin.locator('.ant-select-tree-node-content-wrapper', { hasText: DEPARTMENT });
    await expect(async () => {
      if ((await departmentPicker.textContent())?.includes(DEPARTMENT)) return;
      if (!(await departmentNode.isVisible())) await form.getByLabel('部门', { exact: true }).click();
      await departmentNode.click({ timeout: 2_000 });
      await expect(departmentPicker).toContainText(DEPARTMENT, { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    // The role picker: search, then take the option (again if its options were still arriving).
    await expect(async () => {
      await form.getByLabel('角色', { exact: true }).fill('运维');
      await admin.locator('.ant-select-item-option', { hasText: '运维人员' }).click({ timeout: 2_000 });
      await expect(form.getByTestId('role-picker')).toContainText('运维人员', { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await admin.keyboard.press('Escape');
    await admin.getByTestId('admin-form-save').click();
    const shown = admin.getByTestId('admin-shown-once');
    await expect(shown).toBeVisible();
    const initialPassword = (await admin.getByTestId('shown-initialPassword').textContent())!.trim();
    await admin.locator('.ant-modal-footer .ant-btn-primary').click();

    // The tree filters the list: the new department holds exactly the new member.
    await admin.getByTestId(`department-${DEPARTMENT}`).click();
    await expect(admin.locator('.ant-table-row')).toHaveCount(1);
    await expect(row(admin, MEMBER.username)).toContainText(DEPARTMENT);
    await expect(row(admin, MEMBER.username)).toContainText('运维人员');

    // What another holder of the same role sees is the role's menus.
    const operator = await signInAs(browser, 'water.op');
    await expect(operator).toHaveURL(`${baseUrl}/index.html`);
    await expect.poll(() => menuLabels(operator)).toContain('设备列表');
    const operatorMenus = await menuLabels(operator);

    const member = await signInAs(browser, MEMBER.username, initialPassword);
    const dialog = member.getByRole('dialog', { name: '修改密码' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('原密码').fill(initialPassword);
    await dialog.getByLabel('新密码').fill(NEW_PASSWORD);
    await dialog.getByLabel('确认密码').fill(NEW_PASSWORD);
    await dialog.getByTestId('change-password-submit').click();
    await expect(member).toHaveURL(`${baseUrl}/index.html`);
    await expect.poll(() => menuLabels(member)).toEqual(operatorMenus);
    const memberMenus = await menuLabels(member);
    expect(memberMenus).toEqual(expect.arrayContaining(['首页', '设备列表', '设备地图']));
    expect(memberMenus).not.toContain('新增设备');
    expect(memberMenus).not.toContain('SaaS 工作台');
  });

  test('a role with "own department" scope lists only its department\'s users', async ({ browser }) => {
    const viewer = await signInAs(browser, 'scope.viewer');
    await expect(viewer).toHaveURL(`${baseUrl}/index.html`);
    await openUsers(viewer);
    await expect(row(viewer, 'scope.viewer')).toBeVisible();
    await expect(row(viewer, 'scope.peer')).toBeVisible();
    await expect(viewer.locator('.ant-table-row')).toHaveCount(2);
    await expect(row(viewer, 'water.admin')).toHaveCount(0);
    // The tree and the writes are not the viewer's.
    await expect(viewer.getByTestId('department-tree')).toHaveCount(0);
    await expect(viewer.getByTestId('admin-create')).toHaveCount(0);
  });
});
