import type { TenantLogRetentionAnswer } from '@uniwim/contracts/client';
import { Alert, App, Button, Form, InputNumber, Skeleton, Space, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { LocalizedTexts } from '../../i18n/texts';
import { useLocalizedTexts } from '../../i18n/texts';
import { ApiError, api } from '../../lib/api';

const PATH = '/ump/admin/statistics/retention';

const zhCN = {
  hint: '本租户的登录日志和访问日志保留的天数；过期的日志每天分批清理，统计图表由每日汇总生成，不受影响。',
  loginLogDays: '登录日志保留天数',
  usageLogDays: '访问日志保留天数',
  days: '天',
  maximum: (days: number) => `平台上限 ${days} 天`,
  usingMaximum: '当前未单独设置，按平台上限保留。',
  required: '请输入保留天数',
  atLeastOne: '保留天数至少 1 天',
  aboveMaximum: (days: number) => `不能超过平台上限 ${days} 天`,
  save: '保存',
  saved: '保存成功',
  loadFailed: '日志保留设置加载失败',
  retry: '重试',
};

const texts: LocalizedTexts<typeof zhCN> = {
  'zh-CN': zhCN,
  'en-US': {
    hint: 'How long this tenant keeps its sign-in and access logs; expired rows are removed daily in batches. Charts come from the daily rollups and are not affected.',
    loginLogDays: 'Keep sign-in logs for',
    usageLogDays: 'Keep access logs for',
    days: 'days',
    maximum: (days) => `Platform maximum ${days} days`,
    usingMaximum: 'Not set for this tenant: the platform maximum applies.',
    required: 'Enter a number of days',
    atLeastOne: 'At least 1 day',
    aboveMaximum: (days) => `At most the platform maximum, ${days} days`,
    save: 'Save',
    saved: 'Saved',
    loadFailed: 'Could not load the log retention',
    retry: 'Retry',
  },
};

type Values = { loginLogDays: number; usageLogDays: number };

/** /tenantSettings 日志保留 tab: the tenant's own log retention, within the platform's maximums (issue 16). */
export const LogRetentionForm = () => {
  const t = useLocalizedTexts(texts);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [answer, setAnswer] = useState<TenantLogRetentionAnswer | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const load = useCallback(() => {
    setLoadError(null);
    api
      .get<TenantLogRetentionAnswer>(PATH)
      .then((loaded) => {
        setAnswer(loaded);
        form.setFieldsValue({ loginLogDays: loaded.loginLogDays, usageLogDays: loaded.usageLogDays });
      })
      .catch((error: unknown) => setLoadError(error instanceof Error ? error.message : t.loadFailed));
  }, [form, t.loadFailed]);
  useEffect(load, [load]);

  if (loadError)
    return (
      <Alert
        type="error"
        showIcon
        message={t.loadFailed}
        description={loadError}
        action={<Button onClick={load}>{t.retry}</Button>}
      />
    );
  if (!answer) return <Skeleton active data-testid="log-retention-loading" />;

  const rulesOf = (maximum: number) => [
    { required: true, message: t.required },
    { type: 'number' as const, min: 1, message: t.atLeastOne },
    { type: 'number' as const, max: maximum, message: t.aboveMaximum(maximum) },
  ];

  const save = async (values: Values) => {
    setSaving(true);
    try {
      const saved = await api.request<TenantLogRetentionAnswer>(PATH, { method: 'PUT', body: values });
      setAnswer(saved);
      message.success(t.saved);
    } catch (error) {
      message.error(error instanceof ApiError || error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="log-retention">
      <Typography.Text type="secondary">{t.hint}</Typography.Text>
      {answer.custom ? null : <Alert type="info" showIcon message={t.usingMaximum} />}
      <Form form={form} layout="vertical" style={{ maxWidth: 420 }} onFinish={save}>
        <Form.Item
          name="loginLogDays"
          label={t.loginLogDays}
          extra={t.maximum(answer.maximum.loginLogDays)}
          rules={rulesOf(answer.maximum.loginLogDays)}
        >
          <InputNumber precision={0} addonAfter={t.days} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="usageLogDays"
          label={t.usageLogDays}
          extra={t.maximum(answer.maximum.usageLogDays)}
          rules={rulesOf(answer.maximum.usageLogDays)}
        >
          <InputNumber precision={0} addonAfter={t.days} style={{ width: '100%' }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="log-retention-save">
          {t.save}
        </Button>
      </Form>
    </Space>
  );
};
