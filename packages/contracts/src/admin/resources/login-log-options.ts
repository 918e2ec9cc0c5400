/**
 * How the login log names its values, in both languages: the log's columns and filters, and the
 * statistics pages' splits (issue 25: "电脑", never the stored "desktop"). Browser-safe (no zod).
 */

export const LOGIN_LOG_MODE_OPTIONS = [
  { value: 'password', label: { zh: '密码', en: 'Password' } },
  { value: 'sms', label: { zh: '短信验证码', en: 'SMS code' } },
  { value: 'qr', label: { zh: '扫码', en: 'QR code' } },
  { value: 'register', label: { zh: '注册', en: 'Registration' } },
  { value: 'two-factor', label: { zh: '双因素认证', en: 'Two-factor' } },
  { value: 'legacy', label: { zh: '旧系统', en: 'Legacy' } },
  { value: 'switch', label: { zh: '切换租户', en: 'Tenant switch' } },
] as const;

export const LOGIN_LOG_RESULT_OPTIONS = [
  { value: 'success', label: { zh: '成功', en: 'Success' }, color: 'green' },
  { value: 'failure', label: { zh: '失败', en: 'Failure' }, color: 'red' },
] as const;

export const LOGIN_LOG_FLAG_OPTIONS = [
  { value: 'new-region', label: { zh: '新地区', en: 'New region' }, color: 'orange' },
  { value: 'new-device', label: { zh: '新设备', en: 'New device' }, color: 'gold' },
  { value: 'failure-burst', label: { zh: '连续失败', en: 'Failure burst' }, color: 'red' },
] as const;

export const LOGIN_LOG_DEVICE_OPTIONS = [
  { value: 'desktop', label: { zh: '电脑', en: 'Desktop' } },
  { value: 'mobile', label: { zh: '手机', en: 'Mobile' } },
  { value: 'tablet', label: { zh: '平板', en: 'Tablet' } },
  { value: 'tv', label: { zh: '电视', en: 'TV' } },
  { value: 'bot', label: { zh: '爬虫', en: 'Bot' } },
  { value: 'unknown', label: { zh: '未知', en: 'Unknown' } },
] as const;

export const LOGIN_LOG_CLIENT_OPTIONS = [
  { value: 'web', label: { zh: '网页', en: 'Web' } },
  { value: 'mobile', label: { zh: '移动端页面', en: 'Mobile page' } },
  { value: 'api', label: { zh: '接口', en: 'API' } },
] as const;

/** A stored value's label, or the value itself when the list has none for it. */
export const optionLabelOf = (
  options: readonly { value: string; label: { zh: string; en: string } }[],
  value: string,
  language: 'zh' | 'en',
): string => options.find((option) => option.value === value)?.label[language] ?? value;
