import { LOG_COUNT_LIMIT, type ResourceDeclaration } from '@uniwim/contracts';
import { DatePicker, Segmented, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useLocalizedTexts } from '../../i18n/texts';
import { instantOfPicked, readerZoneLabel } from '../../lib/time-zone';
import { ResourcePage } from '../admin/ResourcePage';
import { loginLogTexts } from './login-log-texts';
import { DEFAULT_PRESET, presetRange, type RangePreset } from './time-range';

type Choice = RangePreset | 'custom';
type Range = { createdAtFrom?: string; createdAtTo?: string };

/**
 * /loginLog (and /loginLog?scope=dmp for every tenant): the declared list under a time range chosen
 * from presets (1 h, 24 h, 7 d, 30 d) or by hand, so each query stays bounded at millions of rows.
 */
export const LoginLogView = ({ declaration }: { declaration: ResourceDeclaration }) => {
  const t = useLocalizedTexts(loginLogTexts);
  const [choice, setChoice] = useState<Choice>(DEFAULT_PRESET);
  // Computed when chosen, not at each render: the list's query (and its cache key) stays put.
  const [range, setRange] = useState<Range>(() => presetRange(DEFAULT_PRESET, Date.now()));
  const choose = (next: Choice) => {
    setChoice(next);
    if (next !== 'custom') setRange(presetRange(next, Date.now()));
  };
  const pickCustom = (value: [Dayjs | null, Dayjs | null] | null) => {
    const [from, to] = value ?? [];
    // The picker shows the reader's zone's clock: its readings are times of that zone (issue 25).
    setRange({ createdAtFrom: instantOfPicked(from), createdAtTo: instantOfPicked(to) });
  };
  const notice = (
    <Space wrap style={{ marginBottom: 12 }} data-testid="login-log-range">
      <Typography.Text>{t.range}</Typography.Text>
      <Segmented<Choice>
        value={choice}
        onChange={choose}
        options={[
          { value: '1h', label: t.lastHour },
          { value: '24h', label: t.lastDay },
          { value: '7d', label: t.lastWeek },
          { value: '30d', label: t.lastMonth },
          { value: 'custom', label: t.custom },
        ]}
      />
      {choice === 'custom' && (
        <DatePicker.RangePicker showTime placeholder={[t.start, t.end]} onChange={pickCustom} />
      )}
      <Typography.Text type="secondary" data-testid="login-log-zone">
        {readerZoneLabel()}
      </Typography.Text>
    </Space>
  );
  return (
    <ResourcePage
      declaration={declaration}
      extraQuery={range}
      hiddenFilters={['createdAt']}
      notice={notice}
      allows={(record, action) => action !== 'unlock' || record.locked === true}
      showTotal={(total) => t.total(total, LOG_COUNT_LIMIT)}
    />
  );
};
