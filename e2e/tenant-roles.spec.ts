import { type Browser, expect, type Page, test } from '@playwright/test';
import { E2E_USERS } from './support/e2e-seed';
import { baseUrl } from './support/environment';
import { chooseOption } from './support/select';
import { signIn } from './support/sign-in';

/**
 * Issue 13, the role page end to end: water's administrator creates a role granting exactly one
 * menu with "own department" scope, assigns it to a member of 生产运营部, and that member's shell
 * shows exactly that menu beside the tenant's public ones.
 */
const ROLE = { code: 'e2e-inspector', name: 'E2E 巡检员' };
const HOLDER = E2E_USERS.roleHolder;

const menuLabels = (page: Page) =>
  page
    .locator('[data-testid="shell-menu"] [data-menu-id]')
    .evaluateAll((nodes) => nodes.map((n) => n.textContent?.trim()));
const row = (page: Page, text: string) => page.locator('.ant-table-row', { hasText: text });

const signInHolder = async (browser: Browser) => {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, { account: HOLDER.username, expectedName: HOLDER.name });
  return page;
};

test.describe.configure({ mode: 'serial' });

test.describe('tenant roles', () => {
  test('a role with one menu and own-department scope, assigned to a user, gives exactly that menu', async ({
    page,
    browser,
  }) => {
    // Before: the holder has no role, so only the tenant's public items show.
    const before = await signInHolder(browser);
    await expect.poll(() => menuLabels(before)).toEqual(['知识库']);
    await before.context().close();

    await signIn(page, { account: 'water.admin', expectedName: '王管理' });
    await page.goto(`${baseUrl}/page.html#/umpRoleManager`);
    await expect(page.getByTestId('admin-page-roles')).toBeVisible();
    await expect(row(page, '租户管理员')).toBeVisible();

    await page.getByTestId('admin-create').click();
    const form = page.getByTestId('admin-form');
    await form.getByLabel('角色编码').fill(ROLE.code);
    await form.getByLabel('角色名称').fill(ROLE.name);
    const scopeField = form.getByLabel('数据范围');
    await chooseOption(
      page,
      scopeField,
      '本部门',
      form
        .locator('.ant-form-item')
        .filter({ has: page.getByLabel('数据范围') })
        .locator('.ant-select-content')
        .filter({ hasText: /^本部门$/ }),
      { exact: true },
    );
    await page
      .getByTestId('role-menu-tree')
      .locator('.ant-tree-treenode', { hasText: 'SaaS 工作台' })
      .locator('.ant-tree-checkbox')
      .click();
    await page.getByTestId('admin-form-save').click();
    await expect(form).toBeHidden();
    const created = row(page, ROLE.name);
    await expect(created).toContainText('本部门');

    await created.getByTestId('role-users-open').click();
    const drawer = page.getByTestId('role-users');
    const usersPicker = drawer.getByTestId('role-users-picker');
    await chooseOption(
      page,
      usersPicker,
      HOLDER.username,
      usersPicker.locator('.ant-select-selection-item', { hasText: HOLDER.username }),
      { search: HOLDER.username },
    );
    await page.keyboard.press('Escape');
    await drawer.getByTestId('role-users-add').click();
    const holderRow = drawer.locator('.ant-table-row', { hasText: HOLDER.username });
    await expect(holderRow).toContainText('生产运营部');
    await page.locator('.ant-drawer-close').click();
    await expect(created).toContainText('1');

    // Effective permissions: the one menu, from the new role; scope own department.
    await page.getByTestId('effective-open').click();
    const effectiveMember = page.getByTestId('effective-member');
    await chooseOption(
      page,
      effectiveMember,
      HOLDER.username,
      effectiveMember.locator('.ant-select-content', { hasText: HOLDER.username }),
      { search: HOLDER.username },
    );
    const effective = page.getByTestId('effective-permissions');
    await expect(effective).toContainText('SaaS 工作台');
    await expect(effective).toContainText(ROLE.name);
    await expect(page.getByTestId('effective-scope')).toHaveText('指定部门: 生产运营部；本人的数据');

    // The same view from the holder's row on the user page.
    await page.keyboard.press('Escape');
    await page.goto(`${baseUrl}/page.html#/umpUser`);
    await row(page, HOLDER.username).getByTestId('user-effective-open').click();
    await expect(page.getByTestId('effective-permissions')).toContainText(ROLE.name);
    await expect(page.getByTestId('effective-permissions')).toContainText('SaaS 工作台');

    // The holder's next sign-in shows exactly the granted menu beside the public one.
    const after = await signInHolder(browser);
    await expect.poll(() => menuLabels(after)).toEqual(['SaaS 工作台', '知识库']);
  });
});
