import { Button, Card, Empty, Segmented, Space, Table } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import type { ChartSpec } from './chart-options';
import { downloadCsv } from './csv';
import { EChart } from './EChart';
import type { StatisticsTexts } from './statistics-texts';

/** A chart with its data a click away: as a table, or exported as CSV. */
export const ChartCard = (props: {
  id: string;
  title: ReactNode;
  spec: ChartSpec;
  t: StatisticsTexts;
  height?: number;
  empty?: boolean;
  extra?: ReactNode;
  onSelect?: (name: string, index: number) => void;
}) => {
  const { id, title, spec, t } = props;
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const columns = useMemo(
    () =>
      spec.table.columns.map((column, index) => ({
        title: column,
        dataIndex: String(index),
        key: String(index),
      })),
    [spec.table.columns],
  );
  const rows = useMemo(
    () =>
      spec.table.rows.map((row, index) => ({
        key: index,
        ...Object.fromEntries(row.map((value, column) => [String(column), value])),
      })),
    [spec.table.rows],
  );
  return (
    <Card
      className="statistics-card"
      data-chart={id}
      size="small"
      title={title}
      extra={
        <Space size="small">
          {props.extra}
          <Segmented
            size="small"
            value={view}
            onChange={(value) => setView(value as 'chart' | 'table')}
            options={[
              { label: t.showChart, value: 'chart' },
              { label: t.showTable, value: 'table' },
            ]}
          />
          <Button
            size="small"
            onClick={() => downloadCsv(`${typeof title === 'string' ? title : id}`, spec.table)}
          >
            {t.exportCsv}
          </Button>
        </Space>
      }
    >
      {view === 'table' ? (
        <Table
          className="statistics-table"
          size="small"
          columns={columns}
          dataSource={rows}
          pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          locale={{ emptyText: t.empty }}
        />
      ) : props.empty ? (
        <Empty className="statistics-empty" description={t.empty} />
      ) : (
        <EChart
          option={spec.option}
          map={spec.map}
          height={props.height ?? spec.height}
          onSelect={props.onSelect}
          loadFailed={t.loadFailed}
        />
      )}
    </Card>
  );
};
