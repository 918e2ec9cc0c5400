import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageOutbox } from '../../src/modules/messages/outbox-schema';
import { userMessages } from '../../src/modules/messages/schema';
import { type SmsWebhookFake, startSmsWebhookFake } from '../fakes/sms-webhook-fake';
import { createApiClient, tokenOf } from '../support/api-clients';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const SECRET = 'outbox-webhook-secret-0123456789';
const SEND = '/ump/open/messages/send';
const TEMPLATES = '/ump/admin/message-templates';
const OUTBOX = '/ump/admin/message-outbox';

/**
 * Issue 15: sending through the outbox over HTTP: the application API (credential and scope), the
 * template test, missing parameters, the in-use delete guard, the administrators' outbox and its
 * retry, and "send to self" retried after an SMS vendor failure (the local webhook fake).
 */
describe.each(testBackends())('sending messages through the outbox on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let vendor: SmsWebhookFake;
  let platform: Headers;
  let waterAdmin: Headers;
  let waterOp: Headers;
  let sender: Headers;
  let template: { id: string; code: string; version: number };

  const call = (method: Method, url: string, headers: Headers, payload?: object) =>
    app.server.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  const ok = async (method: Method, url: string, headers: Headers, payload?: object) => {
    const res = await call(method, url, headers, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json().Response;
  };
  const outboxRows = (ids: string[]) =>
    infra.db.asPlatform((tx) =>
      tx.select().from(messageOutbox).where(inArray(messageOutbox.id, ids)).orderBy(messageOutbox.channel),
    );
  const inboxOf = (outboxId: string) =>
    infra.db.asPlatform((tx) => tx.select().from(userMessages).where(eq(userMessages.outboxId, outboxId)));

  beforeAll(async () => {
    infra = await backend.open();
    vendor = await startSmsWebhookFake(SECRET);
    app = await startTestApp(infra, {
      SMS_PROVIDER: 'webhook',
      SMS_WEBHOOK_URL: vendor.url,
      SMS_WEBHOOK_SECRET: SECRET,
    });
    platform = bearer(await tokenFor(app, infra.db, 'admin', null));
    waterAdmin = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    waterOp = bearer(await tokenFor(app, infra.db, 'water.op', 't-water'));
    const client = await createApiClient(app, platform, { name: '工单系统', scopes: ['message:send'] });
    sender = bearer(await tokenOf(app, client));
    const kind = await ok('POST', '/ump/admin/message-classes', waterAdmin, {
      name: '工单通知',
      channels: ['in-app', 'sms'],
    });
    template = await ok('POST', TEMPLATES, waterAdmin, {
      code: 'work_order',
      name: '工单派发',
      classId: kind.id,
      inAppTitle: '新工单{orderNo}',
      inAppContent: '{name}您好，工单{orderNo}已派发给您',
      smsTemplateId: 'SMS_100200',
      smsContent: '工单{orderNo}请{name}处理',
    });
  });
  afterAll(async () => {
    await app?.close();
    await vendor?.close();
    await infra?.close();
  });

  it('sends a templated message from an application with the scope, in-app and by SMS', async () => {
    const answer = await ok('POST', SEND, sender, {
      templateCode: 'work_order',
      params: { orderNo: 'W-7', name: '李工' },
      usernames: ['water.op'],
      link: '/todoList',
    });
    expect(answer).toMatchObject({ recipients: 1, ids: [expect.any(String), expect.any(String)] });
    await expect
      .poll(async () => (await outboxRows(answer.ids)).map((row) => row.status))
      .toEqual(['sent', 'sent']);
    const inApp = (await outboxRows(answer.ids)).find((row) => row.channel === 'in-app')!;
    expect(await inboxOf(inApp.id)).toEqual([
      expect.objectContaining({
        title: '新工单W-7',
        content: '李工您好，工单W-7已派发给您',
        link: '/todoList',
      }),
    ]);
    // The tenant's own vendor template, its variables in the order the SMS content names them.
    expect(vendor.received.at(-1)).toMatchObject({
      mobile: '13900000002',
      text: '工单W-7请李工处理',
      vendorTemplate: {
        id: 'SMS_100200',
        values: [
          { name: 'orderNo', value: 'W-7' },
          { name: 'name', value: '李工' },
        ],
      },
    });
  });

  it('refuses without a credential, a session, a credential without the scope, and sends nothing', async () => {
    const body = { templateCode: 'work_order', params: { orderNo: 'X', name: 'Y' }, usernames: ['water.op'] };
    const before = vendor.received.length;
    expect((await call('POST', SEND, {}, body)).statusCode).toBe(401);
    expect((await call('POST', SEND, bearer('uwat.not-a-real-token'), body)).statusCode).toBe(401);
    const session = await call('POST', SEND, waterAdmin, body);
    expect(session.statusCode).toBe(403);
    expect(session.json().Error).toBe('MESSAGE_SEND_API_ONLY');
    const todos = await createApiClient(app, platform, { name: '只推待办', scopes: ['todo:write'] });
    const noScope = await call('POST', SEND, bearer(await tokenOf(app, todos)), body);
    expect(noScope.statusCode).toBe(403);
    expect(noScope.json().Error).toBe('API_SCOPE_NOT_GRANTED');
    const platformClient = await createApiClient(app, platform, {
      name: '平台应用',
      ownerTenantId: null,
      applicationId: 'app-devices',
      scopes: ['message:send'],
    });
    const noTenant = await call('POST', SEND, bearer(await tokenOf(app, platformClient)), body);
    expect(noTenant.statusCode).toBe(403);
    expect(noTenant.json().Error).toBe('MESSAGE_CLIENT_WITHOUT_TENANT');
    expect(vendor.received.length).toBe(before);
  });

  it('names the missing parameters, unknown recipients and a disabled template, writing nothing', async () => {
    const count = async () =>
      (await infra.db.asPlatform((tx) => tx.select({ id: messageOutbox.id }).from(messageOutbox))).length;
    const before = await count();
    const missing = await call('POST', SEND, sender, {
      templateCode: 'work_order',
      params: { orderNo: 'W-8', name: ' ' },
      usernames: ['water.op'],
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      Error: 'MESSAGE_TEMPLATE_PARAMS_MISSING',
      Message: '模板参数缺失：name',
      Details: [{ path: 'body.params.name', message: '请填写参数“name”' }],
    });
    const stranger = await call('POST', SEND, sender, {
      templateCode: 'work_order',
      params: { orderNo: 'W-8', name: '李工' },
      usernames: ['water.op', 'energy.staff'],
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().Message).toContain('energy.staff');
    const unknown = await call('POST', SEND, sender, { templateCode: 'nope', usernames: ['water.op'] });
    expect(unknown.json().Error).toBe('MESSAGE_TEMPLATE_NOT_FOUND');
    const noRecipient = await call('POST', SEND, sender, { templateCode: 'work_order' });
    expect(noRecipient.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('sends a test of a template to one member, asking a value for each parameter', async () => {
    const incomplete = await call('POST', `${TEMPLATES}/${template.id}/test`, waterAdmin, {
      recipient: 'water.op',
      values: { orderNo: 'T-1' },
    });
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json().Details).toEqual([{ path: 'body.values.name', message: '请填写参数“name”' }]);
    const sent = await ok('POST', `${TEMPLATES}/${template.id}/test`, waterAdmin, {
      recipient: 'water.op',
      values: { orderNo: 'T-1', name: '测试' },
    });
    expect(sent).toMatchObject({ id: template.id, code: 'work_order' });
    // Its rows are on the outbox tab, one per channel of the class, delivered by the worker.
    const testRows = async () =>
      ((await ok('GET', `${OUTBOX}?source=test`, waterAdmin)).items as Record<string, unknown>[]).map(
        ({ username, channel, templateCode, status, createdBy }) => ({
          username,
          channel,
          templateCode,
          status,
          createdBy,
        }),
      );
    const expected = ['in-app', 'sms'].map((channel) => ({
      username: 'water.op',
      channel,
      templateCode: 'work_order',
      status: 'sent',
      createdBy: '王管理',
    }));
    await expect.poll(testRows).toEqual(expect.arrayContaining(expected));
    expect(vendor.received.at(-1)).toMatchObject({ text: '工单T-1请测试处理' });
    // A member without the permission sees neither the test nor the outbox.
    expect(
      (await call('POST', `${TEMPLATES}/${template.id}/test`, waterOp, { recipient: 'water.op' })).statusCode,
    ).toBe(403);
    expect((await call('GET', OUTBOX, waterOp)).statusCode).toBe(403);
  });

  it('keeps a template in use and deletes one never used; a disabled one refuses sending', async () => {
    const used = await call('DELETE', `${TEMPLATES}/${template.id}`, waterAdmin);
    expect(used.statusCode).toBe(409);
    expect(used.json().Error).toBe('MESSAGE_TEMPLATE_IN_USE');
    const current = await ok('GET', `${TEMPLATES}/${template.id}`, waterAdmin);
    await ok('PUT', `${TEMPLATES}/${template.id}`, waterAdmin, {
      status: 'disabled',
      version: current.version,
    });
    const disabled = await call('POST', SEND, sender, {
      templateCode: 'work_order',
      params: { orderNo: 'W-9', name: '李工' },
      usernames: ['water.op'],
    });
    expect(disabled.statusCode).toBe(422);
    expect(disabled.json().Error).toBe('MESSAGE_TEMPLATE_DISABLED');
    const spare = await ok('POST', TEMPLATES, waterAdmin, {
      code: 'spare',
      name: '备用',
      classId: current.classId,
      inAppContent: '备用',
      smsTemplateId: 'SMS_1',
    });
    await ok('DELETE', `${TEMPLATES}/${spare.id}`, waterAdmin);
  });

  it('texts oneself through the outbox, retrying after the vendor failed, and lets an administrator resend a dead row', async () => {
    vendor.behave('fail');
    const first = await call('POST', '/uniwim/message/chat/sendMessageToSelf', waterOp, {
      sendMobile: '13900000002',
      content: '泵房地址：一号路',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().Message).toContain('自动重试');
    const [row] = await infra.db.asPlatform((tx) =>
      tx.select().from(messageOutbox).where(eq(messageOutbox.content, '泵房地址：一号路')),
    );
    expect(row).toMatchObject({ status: 'failed', attempts: 1, source: 'self' });
    vendor.behave('accept');
    await infra.db.asPlatform((tx) =>
      tx.update(messageOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(messageOutbox.id, row!.id)),
    );
    await app.services.outboxWorker.runOnce();
    const [after] = await outboxRows([row!.id]);
    expect(after).toMatchObject({ status: 'sent', attempts: 2 });
    expect(vendor.received.filter((sms) => sms.text === '泵房地址：一号路')).toHaveLength(1);

    // Given up (as after its last attempt): an administrator sends it again.
    await infra.db.asPlatform((tx) =>
      tx
        .update(messageOutbox)
        .set({ status: 'dead', lastError: 'HTTP 503' })
        .where(eq(messageOutbox.id, row!.id)),
    );
    const resend = await call('POST', `${OUTBOX}/${row!.id}/retry`, waterAdmin, {});
    expect(resend.statusCode, resend.body).toBe(200);
    await expect.poll(async () => (await outboxRows([row!.id]))[0]!.status).toBe('sent');
    const notDead = await call('POST', `${OUTBOX}/${row!.id}/retry`, waterAdmin, {});
    expect(notDead.statusCode).toBe(409);
    expect(notDead.json().Error).toBe('MESSAGE_OUTBOX_NOT_RETRYABLE');
  });
});
