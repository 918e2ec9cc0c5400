import type { Kpi, MaintenanceRunAnswer } from '@uniwim/contracts/client';
import { Card, Col, DatePicker, Row, Space, Statistic, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { formatDateTime } from '../admin/cells';
import type { StatisticsTexts } from './statistics-texts';

export type AdminScope = 'ump' | 'dmp';

/** The ranking item of a clicked bar: the bars run bottom-up over the top 20 (rankingChart). */
export const barAt = <T,>(items: T[], index: number): T | undefined => {
  const shown = Math.min(items.length, 20);
  return items[shown - 1 - index];
};

export type { PeriodValue } from './period';

const DAY = 'YYYY-MM-DD';

export { lastDays } from './period';

import type { PeriodValue } from './period';

export const PeriodPicker = (props: {
  value: PeriodValue;
  onChange(value: PeriodValue): void;
  t: StatisticsTexts;
}) => {
  const { t } = props;
  const presets = [
    { label: t.last7, value: [dayjs().subtract(6, 'day'), dayjs()] as [Dayjs, Dayjs] },
    { label: t.last30, value: [dayjs().subtract(29, 'day'), dayjs()] as [Dayjs, Dayjs] },
    { label: t.last90, value: [dayjs().subtract(89, 'day'), dayjs()] as [Dayjs, Dayjs] },
  ];
  return (
    <Space>
      <Typography.Text type="secondary">{t.period}</Typography.Text>
      <DatePicker.RangePicker
        allowClear={false}
        presets={presets}
        value={[dayjs(props.value.from), dayjs(props.value.to)]}
        disabledDate={(day) => day.isAfter(dayjs(), 'day')}
        onChange={(range) => {
          if (range?.[0] && range[1])
            props.onChange({ from: range[0].format(DAY), to: range[1].format(DAY) });
        }}
      />
    </Space>
  );
};

const change = (kpi: Kpi, t: StatisticsTexts) => {
  if (kpi.previous === 0)
    return <span className="statistics-kpi-change">{kpi.value === 0 ? '' : t.noPrevious}</span>;
  const percent = ((kpi.value - kpi.previous) / kpi.previous) * 100;
  const sign = percent > 0 ? '+' : '';
  return (
    <span className={`statistics-kpi-change ${percent >= 0 ? 'is-up' : 'is-down'}`}>
      {t.versusPrevious} {sign}
      {percent.toFixed(1)}%
    </span>
  );
};

export const KpiCards = (props: {
  items: { key: string; title: string; kpi: Kpi }[];
  t: StatisticsTexts;
}) => (
  <Row gutter={[12, 12]} className="statistics-kpis">
    {props.items.map((item) => (
      <Col key={item.key} xs={12} md={8} xl={4}>
        <Card size="small" data-kpi={item.key}>
          <Statistic title={item.title} value={item.kpi.value} />
          {change(item.kpi, props.t)}
        </Card>
      </Col>
    ))}
  </Row>
);

export const MaintenanceLine = (props: {
  cleanup: MaintenanceRunAnswer | null;
  rollup: MaintenanceRunAnswer | null;
  t: StatisticsTexts;
}) => {
  const { cleanup, rollup, t } = props;
  const failed = (run: MaintenanceRunAnswer) => (run.status === 'failed' ? t.runFailed : '');
  return (
    <Typography.Text type="secondary" className="statistics-maintenance" data-testid="statistics-maintenance">
      {cleanup
        ? `${t.lastCleanup(formatDateTime(cleanup.startedAt), cleanup.rowsRemoved, cleanup.partitionsDropped.length)}${failed(cleanup)}`
        : t.noCleanup}
      {' · '}
      {rollup
        ? `${t.lastRollup(formatDateTime(rollup.startedAt), rollup.rowsWritten)}${failed(rollup)}`
        : t.noRollup}
      {' · '}
      {t.todayLive}
    </Typography.Text>
  );
};
