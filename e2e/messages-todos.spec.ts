import { type Browser, expect, type Page, test } from '@playwright/test';
import { baseUrl } from './support/environment';
import { chooseOption } from './support/select';
import { localStorageOf, submitSignIn } from './support/sign-in';

/**
 * Issue 15, to-dos: an application posts a to-do through the API with a client-credentials token
 * (its credential created here by the platform administrator); the member sees it in the header's
 * count and in /todoList, opens its link in a tab of the shell, and marks it done.
 */
const TITLE = `E2E 审批：泵站检修申请 ${Date.now()}`;
const LINK = '/downloadPage';

const signInAs = async (browser: Browser, account: string): Promise<Page> => {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${baseUrl}/login.html`);
  await submitSignIn(page, { account });
  await expect(page).toHaveURL(/\/(index|admin)\.html/);
  return page;
};

test('a to-do posted through the API reaches the header count and /todoList, and opens its link', async ({
  browser,
  request,
}) => {
  // The platform administrator creates water's credential with the to-do scope.
  const admin = await signInAs(browser, 'admin');
  const adminToken = (await localStorageOf(admin)).UniWimAuthorization;
  const created = await request.post(`${baseUrl}/dmp/admin/api-clients`, {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { name: 'E2E 工单系统', ownerTenantId: 't-water', scopes: ['todo:write'] },
  });
  expect(created.status(), await created.text()).toBe(200);
  const client = (await created.json()).Response as { id: string; clientSecret: string };
  await admin.context().close();

  // The application: a client-credentials token, then the to-do.
  const token = await request.post(`${baseUrl}/dmp/oauth/token`, {
    form: { grant_type: 'client_credentials', client_id: client.id, client_secret: client.clientSecret },
  });
  expect(token.status(), await token.text()).toBe(200);
  const accessToken = (await token.json()).access_token as string;
  const posted = await request.post(`${baseUrl}/ump/todos`, {
    headers: { authorization: `Bearer ${accessToken}` },
    data: {
      username: 'water.op',
      title: TITLE,
      link: LINK,
      dueAt: new Date(Date.now() - 60_000).toISOString(),
    },
  });
  expect(posted.status(), await posted.text()).toBe(200);

  // The member: the header counts it.
  const member = await signInAs(browser, 'water.op');
  const memberToken = (await localStorageOf(member)).UniWimAuthorization;
  const count = await request.get(`${baseUrl}/ump/todos/count`, {
    headers: { authorization: `Bearer ${memberToken}` },
  });
  const { open } = (await count.json()).Response as { open: number };
  expect(open).toBeGreaterThanOrEqual(1);
  await expect(member.getByTestId('shell-todos-count')).toHaveText(String(open));

  // /todoList shows it, overdue; its title opens the link in a tab of the shell.
  await member.getByTestId('shell-todos').click();
  const inbox = member.frameLocator('iframe[data-tab-id="/todoList"]');
  const row = inbox.locator('.ant-table-row', { hasText: TITLE });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('todo-overdue')).toBeVisible();
  await row.getByTestId('todo-open').click();
  await expect(member.locator(`iframe[data-tab-id="${LINK}"]`)).toBeVisible();
  await expect(member.getByTestId('shell-tabs')).toContainText(TITLE);

  // Back in the inbox: done, and the header's count follows without a reload.
  await member.getByTestId('shell-tabs').getByText('待办', { exact: true }).click();
  await row.getByTestId('todo-done').click();
  await expect(row).toBeHidden();
  if (open === 1) await expect(member.getByTestId('shell-todos-count')).toBeHidden();
  else await expect(member.getByTestId('shell-todos-count')).toHaveText(String(open - 1));
});

test('an administrator creates a message class, then a template of it whose placeholders are listed', async ({
  browser,
}) => {
  const admin = await signInAs(browser, 'water.admin');
  const className = `E2E 工单提醒 ${Date.now() % 100_000}`;
  await admin.goto(`${baseUrl}/page.html#/messageMessageClass`);
  await expect(admin.getByTestId('admin-page-message-classes')).toBeVisible();
  await admin.getByTestId('admin-create').click();
  const classForm = admin.getByTestId('admin-form');
  await classForm.getByLabel('分类名称').fill(className);
  await admin.getByTestId('admin-form-save').click();
  // The form says what is missing before anything is saved.
  await expect(classForm).toContainText('至少选择一个发送渠道');
  await chooseOption(
    admin,
    classForm.getByLabel('默认渠道'),
    '站内消息',
    classForm.locator('.ant-select-selection-item', { hasText: '站内消息' }),
  );
  await admin.getByTestId('admin-form-save').click();
  await expect(classForm).toBeHidden();
  await expect(admin.locator('.ant-table-row', { hasText: className })).toBeVisible();

  const code = `e2e_due_${Date.now() % 100_000}`;
  await admin.goto(`${baseUrl}/page.html#/messageMessageTemplate`);
  await expect(admin.getByTestId('admin-page-message-templates')).toBeVisible();
  await admin.getByTestId('admin-create').click();
  const form = admin.getByTestId('admin-form');
  await form.getByLabel('模板编码').fill(code);
  await form.getByLabel('模板名称').fill('工单到期');
  await chooseOption(
    admin,
    form.getByLabel('消息分类'),
    className,
    form.locator('.ant-select-content', { hasText: className }),
  );
  await form.getByLabel('站内消息内容').fill('{name}您好，工单{orderNo}即将到期');
  await admin.getByTestId('admin-form-save').click();
  await expect(form).toBeHidden();
  const row = admin.locator('.ant-table-row', { hasText: code });
  await expect(row).toContainText('name');
  await expect(row).toContainText('orderNo');
});

test('an administrator sends a test of a template, asked a value for each parameter, and sees it in the outbox', async ({
  browser,
  request,
}) => {
  const admin = await signInAs(browser, 'water.admin');
  const headers = { authorization: `Bearer ${(await localStorageOf(admin)).UniWimAuthorization}` };
  const suffix = Date.now() % 100_000;
  const kind = await request.post(`${baseUrl}/ump/admin/message-classes`, {
    headers,
    data: { name: `E2E 测试分类 ${suffix}`, channels: ['in-app'] },
  });
  expect(kind.status(), await kind.text()).toBe(200);
  const code = `e2e_test_${suffix}`;
  const created = await request.post(`${baseUrl}/ump/admin/message-templates`, {
    headers,
    data: {
      code,
      name: '测试发送',
      classId: (await kind.json()).Response.id,
      inAppTitle: '工单{orderNo}',
      inAppContent: '{name}您好，工单{orderNo}已派发',
    },
  });
  expect(created.status(), await created.text()).toBe(200);

  await admin.goto(`${baseUrl}/page.html#/messageMessageTemplate`);
  const row = admin.locator('.ant-table-row', { hasText: code });
  await row.getByTestId('admin-action-test').click();
  const form = admin.getByTestId('admin-action-form');
  await form.getByLabel('接收人账号').fill('water.op');
  await form.getByTestId('template-param-orderNo').fill('W-42');
  // One parameter left empty: the answer names it, and nothing is sent.
  await admin.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(admin.locator('.ant-message')).toContainText('模板参数缺失：name');
  await form.getByTestId('template-param-name').fill('李工');
  await admin.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(form).toBeHidden();

  // The outbox tab: the message to water.op, delivered by the worker.
  await admin.getByRole('tab', { name: '发送记录' }).click();
  const sent = admin.getByTestId('admin-page-message-outbox').locator('.ant-table-row', { hasText: code });
  await expect(sent).toContainText('water.op');
  await expect(sent).toContainText('已发送');
});
