import { type Browser, expect, type Page, test } from '@playwright/test';
import { baseUrl } from './support/environment';
import { chooseOption } from './support/select';
import { submitSignIn } from './support/sign-in';

/**
 * Issue 15, notices: an administrator publishes a must-read notice to one department (生产运营部);
 * a member of it sees the header's count rise without reloading, opens the notice, confirms it,
 * and the read rate changes; a member of another department (客户服务部) sees nothing of it.
 */
const TITLE = 'E2E 必读：汛期安全生产通知';

const signInAs = async (browser: Browser, account: string) => {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${baseUrl}/login.html`);
  await submitSignIn(page, { account });
  await expect(page).toHaveURL(/\/(index|admin)\.html/);
  return page;
};
const row = (page: Page, text: string) => page.locator('.ant-table-row', { hasText: text });
const choose = async (page: Page, form: ReturnType<Page['getByTestId']>, label: string, option: string) => {
  // The form item that holds the field (a `has` locator is relative: built from the page).
  const item = form.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) });
  await chooseOption(
    page,
    form.getByLabel(label, { exact: true }),
    option,
    item
      .locator('.ant-select-content, .ant-select-selection-item')
      .filter({ hasText: new RegExp(`^${option}$`) }),
    { exact: true },
  );
};

test('a must-read notice to one department: the member’s count rises live, they confirm, the read rate changes', async ({
  browser,
}) => {
  // Three people sign in and the administrator fills a form: more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  const member = await signInAs(browser, 'water.op');
  const bell = member.getByTestId('shell-notices');
  await expect(bell).toBeVisible();
  await expect(bell.getByTestId('notice-unread-count')).toHaveCount(0);
  const outsider = await signInAs(browser, 'scope.peer');

  const admin = await signInAs(browser, 'water.admin');
  await admin.goto(`${baseUrl}/page.html#/umpNotice`);
  await expect(admin.getByTestId('admin-page-notices')).toBeVisible();
  await admin.getByTestId('admin-create').click();
  const form = admin.getByTestId('admin-form');
  await form.getByLabel('标题', { exact: true }).fill(TITLE);
  await choose(admin, form, '类型', '通知');
  await form.getByTestId('notice-body-editor').click();
  await admin.keyboard.type('请各岗位做好汛期值守，阅读后确认。');
  await choose(admin, form, '发布范围', '指定部门');
  await form.getByLabel('部门', { exact: true }).click();
  await admin.locator('.ant-select-tree-title', { hasText: '生产运营部' }).click();
  await admin.keyboard.press('Escape');
  await form.getByLabel('必读', { exact: true }).click();
  await admin.getByTestId('admin-form-save').click();
  await expect(form).toBeHidden();

  const noticeRow = row(admin, TITLE);
  await expect(noticeRow).toContainText('草稿');
  await noticeRow.getByTestId('admin-action-publish').click();
  const confirm = admin.locator('.ant-modal-confirm-btns .ant-btn-primary');
  // The confirmation names the notice by its title, not by its internal id (issue 25).
  await expect(admin.locator('.ant-modal-confirm-title')).toHaveText(`确定发布“${TITLE}”吗？`);
  // The server's answer is checked first, so a failure says whether the publish was sent and what it answered.
  const published = admin.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && /\/ump\/admin\/notices\/[^/]+\/publish$/.test(response.url()),
  );
  await confirm.click();
  const answer = await published;
  expect(answer.status(), await answer.text()).toBe(200);
  await expect(confirm).toBeHidden();
  await expect(noticeRow).toContainText('已发布');

  // The member's header counts it without a reload; the other department's member sees nothing.
  await expect(bell.getByTestId('notice-unread-count')).toHaveText('1', { timeout: 5_000 });
  await expect(outsider.getByTestId('shell-notices').getByTestId('notice-unread-count')).toHaveCount(0);
  await outsider.goto(`${baseUrl}/page.html#/umpNoticeDetail`);
  await expect(outsider.getByTestId('notice-page')).toBeVisible();
  await expect(outsider.getByText('暂无通知公告')).toBeVisible();
  await expect(outsider.getByText(TITLE)).toHaveCount(0);

  // Nobody has read it yet.
  await noticeRow.getByTestId('admin-view').click();
  await expect(admin.getByTestId('notice-read-count')).toContainText('已读 0');

  // The member opens it from the header, reads the sanitised body, and confirms.
  await bell.click();
  const frame = member.frameLocator('iframe[src*="umpNoticeDetail"]');
  await frame.getByTestId('notice-item').filter({ hasText: TITLE }).click();
  await expect(frame.getByTestId('notice-body')).toContainText('请各岗位做好汛期值守');
  await frame.getByTestId('notice-confirm').click();
  await expect(frame.getByTestId('notice-confirmed')).toBeVisible();
  await expect(bell.getByTestId('notice-unread-count')).toHaveCount(0);

  // The administrator's receipts count the read.
  await admin.reload();
  await expect(admin.getByTestId('admin-page-notices')).toBeVisible();
  await row(admin, TITLE).getByTestId('admin-view').click();
  await expect(admin.getByTestId('notice-read-count')).toContainText('已读 1');
});
