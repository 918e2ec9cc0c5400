import type { LocalizedTexts } from '../../i18n/texts';

const zhCN = {
  range: '时间范围',
  lastHour: '近 1 小时',
  lastDay: '近 24 小时',
  lastWeek: '近 7 天',
  lastMonth: '近 30 天',
  custom: '自定义',
  start: '开始时间',
  end: '结束时间',
  total: (total: number, cap: number) =>
    total > cap ? `超过 ${cap.toLocaleString('zh-CN')} 条，请缩小时间范围或增加筛选条件` : `共 ${total} 条`,
};

/** The login log page (/loginLog): its time range presets and its capped total. */
export const loginLogTexts: LocalizedTexts<typeof zhCN> = {
  'zh-CN': zhCN,
  'en-US': {
    range: 'Time range',
    lastHour: 'Last hour',
    lastDay: 'Last 24 hours',
    lastWeek: 'Last 7 days',
    lastMonth: 'Last 30 days',
    custom: 'Custom',
    start: 'From',
    end: 'To',
    total: (total, cap) =>
      total > cap
        ? `More than ${cap.toLocaleString('en-US')}: narrow the time range or add a filter`
        : `${total} in total`,
  },
};
