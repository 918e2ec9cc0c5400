import { type Kpi, type MaintenanceRunAnswer, zoneLabelOf } from '@uniwim/contracts/client';
import { Card, Col, DatePicker, Row, Space, Statistic, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { formatDateTime } from '../../lib/time-zone';
import { lastDays, type PeriodValue } from './period';
import type { StatisticsTexts } from './statistics-texts';

export type AdminScope = 'ump' | 'dmp';

/** The ranking item of a clicked bar: the bars run bottom-up over the top 20 (rankingChart). */
export const barAt = <T,>(items: T[], index: number): T | undefined => {
  const shown = Math.min(items.length, 20);
  return items[shown - 1 - index];
};

export type { PeriodValue } from './period';

const DAY = 'YYYY-MM-DD';

/**
 * The period's days are the statistics' own (`today` and `zone` from the answer: the tenant's zone,
 * or the platform's for all tenants), named beside the picker.
 */
export const PeriodPicker = (props: {
  value: PeriodValue | null;
  today: string | null;
  zone: string | null;
  onChange(value: PeriodValue): void;
  t: StatisticsTexts;
}) => {
  const { t, today } = props;
  const lastRange = (days: number): [Dayjs, Dayjs] => {
    const period = lastDays(days, today ?? dayjs().format(DAY));
    return [dayjs(period.from), dayjs(period.to)];
  };
  const presets = [
    { label: t.last7, value: lastRange(7) },
    { label: t.last30, value: lastRange(30) },
    { label: t.last90, value: lastRange(90) },
  ];
  return (
    <Space wrap>
      <Typography.Text type="secondary">{t.period}</Typography.Text>
      <DatePicker.RangePicker
        allowClear={false}
        presets={presets}
        value={props.value ? [dayjs(props.value.from), dayjs(props.value.to)] : null}
        disabledDate={(day) => today !== null && day.isAfter(dayjs(today), 'day')}
        onChange={(range) => {
          if (range?.[0] && range[1])
            props.onChange({ from: range[0].format(DAY), to: range[1].format(DAY) });
        }}
      />
      {props.zone ? (
        <Typography.Text type="secondary" data-testid="statistics-zone">
          {t.zoneNote(zoneLabelOf(props.zone))}
        </Typography.Text>
      ) : null}
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
  /** note: shown instead of the change against the previous period (a figure with none). */
  items: { key: string; title: string; kpi: Kpi; note?: string }[];
  t: StatisticsTexts;
}) => (
  <Row gutter={[12, 12]} className="statistics-kpis">
    {props.items.map((item) => (
      <Col key={item.key} xs={12} md={8} xl={4}>
        <Card size="small" data-kpi={item.key}>
          <Statistic title={item.title} value={item.kpi.value} />
          {item.note !== undefined ? (
            <span className="statistics-kpi-change">{item.note}</span>
          ) : (
            change(item.kpi, props.t)
          )}
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
