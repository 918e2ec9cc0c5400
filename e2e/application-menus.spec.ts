import { type Browser, expect, type Page, test } from '@playwright/test';
import { E2E_USERS } from './support/e2e-seed';
import { baseUrl, screenshotPath } from './support/environment';
import { chooseOption } from './support/select';
import { localStorageOf, signIn, submitSignIn } from './support/sign-in';

/**
 * Issue 14, /umpApplicationMenu end to end: the platform administrator adds a menu item with a
 * link to 设备管理 (impact preview before saving, the condition checked by the shell's evaluator
 * for a chosen member), water's administrator grants it to a role, and a member of that role opens
 * it from the shell in a frame carrying the spec's parameters. Deleting it then names the role.
 */
const ITEM = {
  name: 'E2E 巡检看板',
  link: `${baseUrl}/e2e-board/index.html#/board`,
  condition: "currentUser.tenantId == 't-water'",
};
const ROLE = 'E2E 菜单角色';
const MEMBER = E2E_USERS.menuMember;
const APPLICATION = { id: 'app-devices', name: '设备管理', version: '1.2.0' };

const treeNode = (page: Page, name: string) =>
  page.getByTestId('menu-tree').locator('.ant-tree-treenode', { hasText: name });

const newPage = async (browser: Browser) => (await browser.newContext()).newPage();

/** The query of the part before the hash and of the hash part. */
const partsOf = (url: string) => {
  const [main, hash = ''] = url.split('#');
  const query = (part: string) => Object.fromEntries(new URLSearchParams(part.split('?')[1] ?? ''));
  return { main: main!, hash, mainQuery: query(main!), hashQuery: query(hash) };
};

test.describe.configure({ mode: 'serial' });
// Three people, each signing in: more than one page's worth of steps.
test.setTimeout(90_000);

test('a menu item added with a link, granted to a role, opens from a member’s shell with the frame parameters', async ({
  page,
  browser,
}) => {
  // The platform administrator adds the item to the global tree of 设备管理.
  await page.goto(`${baseUrl}/login.html`);
  await submitSignIn(page, { account: 'admin' });
  await expect(page).toHaveURL(/\/(index|admin)\.html/);
  await page.goto(`${baseUrl}/page.html#/umpApplicationMenu`);
  await expect(page.getByTestId('admin-page-menus-dmp')).toBeVisible();
  const applicationSelect = page.getByTestId('menu-application');
  const chosenApplication = applicationSelect.locator('.ant-select-content', { hasText: APPLICATION.name });
  await chooseOption(page, applicationSelect, APPLICATION.name, chosenApplication);
  await expect(treeNode(page, '设备列表')).toBeVisible();

  await page.getByTestId('menu-add-top').click();
  const form = page.getByTestId('admin-form');
  await form.getByLabel('菜单名称').fill(ITEM.name);
  await form.getByLabel('链接', { exact: true }).fill(ITEM.link);
  // What the shell's evaluator cannot parse is said as it is typed.
  const condition = page.getByTestId('menu-condition');
  await condition.fill("currentUser.tenantId == 't-water");
  await expect(page.getByTestId('menu-condition-error')).toContainText('unterminated string');
  await condition.fill(ITEM.condition);
  await expect(page.getByTestId('menu-condition-error')).toHaveCount(0);
  await page.getByTestId('admin-form-save').click();
  // The impact preview comes before the save: two tenants use the application, no role holds it yet.
  const impact = page.getByTestId('menu-impact');
  // Earlier specs may give other tenants the application (admin-platform adds it to a package).
  await expect(impact).toContainText(/[1-9]\d* 个租户可以使用该应用/);
  await expect(impact).toContainText('尚无角色被授权');
  await page.getByRole('button', { name: '确认保存' }).click();
  await expect(form).toBeHidden();
  await expect(treeNode(page, ITEM.name)).toBeVisible();

  // The checker: the condition for the member, evaluated as the shell evaluates it.
  await page.getByTestId('menu-edit').click();
  await page.getByText('显示条件检查').click();
  const tenantSelect = page.getByTestId('condition-tenant');
  await chooseOption(
    page,
    tenantSelect,
    '示范水务集团',
    tenantSelect.locator('.ant-select-content', { hasText: '示范水务集团' }),
  );
  const memberSelect = page.getByTestId('condition-member');
  await chooseOption(
    page,
    memberSelect,
    MEMBER.username,
    memberSelect.locator('.ant-select-content', { hasText: MEMBER.username }),
    { search: MEMBER.username },
  );
  await page.getByTestId('condition-check').click();
  await expect(page.getByTestId('condition-result')).toContainText('此用户能看到此菜单');
  await page.screenshot({ path: screenshotPath('menu-editor-form'), fullPage: true });
  await page.locator('.ant-drawer-close').click();

  // Water's administrator grants it to a role on the role page.
  const tenantAdmin = await newPage(browser);
  await signIn(tenantAdmin, { account: 'water.admin', expectedName: '王管理' });
  await tenantAdmin.goto(`${baseUrl}/page.html#/umpRoleManager`);
  const role = tenantAdmin.locator('.ant-table-row', { hasText: ROLE });
  await role.getByTestId('admin-edit').click();
  await tenantAdmin
    .getByTestId('role-menu-tree')
    .locator('.ant-tree-treenode', { hasText: ITEM.name })
    .locator('.ant-tree-checkbox')
    .click();
  await tenantAdmin.getByTestId('admin-form-save').click();
  await expect(tenantAdmin.getByTestId('admin-form')).toBeHidden();
  await tenantAdmin.context().close();

  // A member of that role opens it from the shell: a frame with the spec's parameters.
  const member = await newPage(browser);
  await signIn(member, { account: MEMBER.username, expectedName: MEMBER.name });
  const item = member.locator('[data-testid="shell-menu"] [data-menu-id]', { hasText: ITEM.name });
  await expect(item).toBeVisible();
  const itemId = (await item.getAttribute('data-menu-id'))!;
  await item.click();
  const frame = member.locator(`iframe[data-tab-id="${itemId}"]`);
  await expect(frame).toBeVisible();
  const storage = await localStorageOf(member);
  const user = (await (
    await member.request.get(`${baseUrl}/ump/currUserInfo`, {
      headers: { Authorization: `Bearer ${storage.UniWimAuthorization}` },
    })
  ).json()) as { Response: { sn: string } };
  const { main, mainQuery, hash, hashQuery } = partsOf((await frame.getAttribute('src'))!);
  expect(main.startsWith(`${baseUrl}/e2e-board/index.html?`)).toBe(true);
  const expected = {
    uniwater_utoken: storage.UniWimAuthorization,
    uniwim_tenant_id: 't-water',
    component_title: ITEM.name,
    applicationId: APPLICATION.id,
    applicationName: APPLICATION.name,
    _v: APPLICATION.version,
    __uniwim_scene: 'index',
    __uniwim_id: itemId,
    __uniwim_rootid: itemId,
    HDSN: user.Response.sn,
    pageSource: 'dly',
  };
  expect(mainQuery).toMatchObject(expected);
  // The link has a hash part: the parameters go to both parts.
  expect(hash.startsWith('/board?')).toBe(true);
  expect(hashQuery).toMatchObject(expected);
  await member.context().close();

  // Deleting it now names the role that holds it; cancelled, it stays.
  await page.reload();
  await chooseOption(page, applicationSelect, APPLICATION.name, chosenApplication);
  await treeNode(page, ITEM.name).locator('.ant-tree-title').click();
  await expect(treeNode(page, ITEM.name)).toContainText('1 个角色已授权');
  await page.screenshot({ path: screenshotPath('menu-editor'), fullPage: true });
  await page.getByTestId('menu-delete').click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(page.getByTestId('menu-delete-holders')).toContainText(`示范水务集团：${ROLE}`);
  await page
    .locator('.ant-modal-confirm', { hasText: '菜单已分配' })
    .getByRole('button', { name: /取\s*消/ })
    .click();
  await expect(treeNode(page, ITEM.name)).toBeVisible();
});
