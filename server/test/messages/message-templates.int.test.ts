import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const CLASSES = '/ump/admin/message-classes';
const TEMPLATES = '/ump/admin/message-templates';

/**
 * Issue 15, /messageMessageTemplate: a code fixed once created and the tenant's own, the content
 * its class's channels need, `{param}` placeholders found, and a class in use kept.
 */
describe.each(testBackends())('message templates on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let water: Headers;
  let energy: Headers;
  let both: { id: string; name: string };
  let energyClass: { id: string };

  const call = (method: Method, url: string, headers: Headers, payload?: object) =>
    app.server.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  const ok = async (method: Method, url: string, headers: Headers, payload?: object) => {
    const res = await call(method, url, headers, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json().Response;
  };

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    water = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    energy = bearer(await tokenFor(app, infra.db, 'energy.admin', 't-energy'));
    both = await ok('POST', CLASSES, water, { name: '工单提醒', channels: ['in-app', 'sms'] });
    energyClass = await ok('POST', CLASSES, energy, { name: '巡检提醒', channels: ['in-app'] });
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const template = {
    code: 'work_order_due',
    name: '工单到期提醒',
    inAppTitle: '工单{orderNo}即将到期',
    inAppContent: '{name}您好，工单{orderNo}将于{due}到期，请及时处理。',
    smsTemplateId: 'SMS_100001',
    smsContent: '工单{orderNo}将于{due}到期',
  };

  it('creates a template with its placeholders found, and keeps its code fixed', async () => {
    const created = await ok('POST', TEMPLATES, water, { ...template, classId: both.id });
    expect(created).toMatchObject({
      code: 'work_order_due',
      className: '工单提醒',
      params: ['orderNo', 'name', 'due'],
      status: 'enabled',
    });
    const changeCode = await call('PUT', `${TEMPLATES}/${created.id}`, water, { code: 'other', version: 1 });
    expect(changeCode.statusCode).toBe(400);
    const edited = await ok('PUT', `${TEMPLATES}/${created.id}`, water, {
      inAppContent: '{name}：{orderNo}',
      smsContent: null,
      status: 'disabled',
      version: 1,
    });
    expect(edited).toMatchObject({ code: 'work_order_due', params: ['orderNo', 'name'], status: 'disabled' });
  });

  it("refuses a taken code, a bad code, content the class needs, and another tenant's class", async () => {
    const taken = await call('POST', TEMPLATES, water, { ...template, classId: both.id });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().Details).toEqual([{ path: 'body.code', message: '模板编码已存在' }]);
    const badCode = await call('POST', TEMPLATES, water, { ...template, code: 'Bad-Code', classId: both.id });
    expect(badCode.statusCode).toBe(400);
    const noSms = await call('POST', TEMPLATES, water, {
      ...template,
      code: 'no_sms',
      smsTemplateId: null,
      classId: both.id,
    });
    expect(noSms.statusCode).toBe(400);
    expect(noSms.json().Details).toEqual([
      { path: 'body.smsTemplateId', message: '该分类发送短信，请输入短信模板编号' },
    ]);
    const foreign = await call('POST', TEMPLATES, water, {
      ...template,
      code: 'foreign',
      classId: energyClass.id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().Details).toEqual([{ path: 'body.classId', message: '消息分类不存在' }]);
    // The same code in another tenant is that tenant's own.
    await ok('POST', TEMPLATES, energy, { ...template, classId: energyClass.id });
    const waterCodes = (
      (await ok('GET', `${TEMPLATES}?pageSize=200`, water)).items as { code: string }[]
    ).map((row) => row.code);
    expect(waterCodes).toEqual(['work_order_due']);
  });

  it('keeps a class while templates use it, and lets it go after', async () => {
    const used = await call('DELETE', `${CLASSES}/${both.id}`, water);
    expect(used.statusCode).toBe(409);
    expect(used.json().Error).toBe('IN_USE');
    const [row] = (await ok('GET', `${TEMPLATES}?code=work_order_due`, water)).items as { id: string }[];
    await ok('DELETE', `${TEMPLATES}/${row!.id}`, water);
    await ok('DELETE', `${CLASSES}/${both.id}`, water);
  });
});
