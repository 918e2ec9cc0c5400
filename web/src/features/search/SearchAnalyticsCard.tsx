import { useQuery } from '@tanstack/react-query';
import type { SearchQueryFigure } from '@uniwim/contracts/client';
import { Alert, Button, Card, Col, Row, Segmented, Statistic, Table } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../lib/time-zone';
import { searchApi } from './search-api';
import type { SearchSettingsTexts } from './search-settings-texts';

const DAYS = [1, 7, 30, 90] as const;

interface Props {
  texts: SearchSettingsTexts;
  /** Offered beside each query when the user may change the settings. */
  onAddHotWord?(query: string): void;
}

/** What the tenant's users searched: totals, the top queries and the queries that found nothing. */
export const SearchAnalyticsCard = ({ texts, onAddHotWord }: Props) => {
  const [days, setDays] = useState<number>(30);
  const figures = useQuery({
    queryKey: ['search', 'analytics', days],
    queryFn: () => searchApi.analytics(days),
  });
  const table = (rows: SearchQueryFigure[] | undefined, testId: string) => (
    <Table
      size="small"
      rowKey="query"
      data-testid={testId}
      loading={figures.isFetching}
      pagination={false}
      locale={{ emptyText: texts.noFigures }}
      dataSource={rows ?? []}
      columns={[
        { title: texts.query, dataIndex: 'query', key: 'query' },
        { title: texts.count, dataIndex: 'searches', key: 'searches', width: 70 },
        { title: texts.noResults, dataIndex: 'withoutResults', key: 'withoutResults', width: 70 },
        {
          title: texts.lastAt,
          dataIndex: 'lastAt',
          key: 'lastAt',
          width: 150,
          render: (at: string) => formatDateTime(at),
        },
        ...(onAddHotWord
          ? [
              {
                key: 'hot',
                width: 90,
                render: (_: unknown, row: SearchQueryFigure) => (
                  <Button size="small" type="link" onClick={() => onAddHotWord(row.query)}>
                    {texts.addAsHotWord}
                  </Button>
                ),
              },
            ]
          : []),
      ]}
    />
  );
  return (
    <Card
      size="small"
      title={texts.analytics}
      data-testid="search-analytics"
      extra={
        <Segmented
          size="small"
          value={days}
          options={DAYS.map((value) => ({ value, label: texts.days(value) }))}
          onChange={(value) => setDays(Number(value))}
        />
      }
    >
      {figures.isError ? (
        <Alert type="error" showIcon message={texts.analyticsFailed} />
      ) : (
        <>
          <Row gutter={16} style={{ marginBottom: 16 }}>
            <Col span={12}>
              <Statistic
                title={texts.searches}
                value={figures.data?.searches ?? 0}
                loading={figures.isPending}
              />
            </Col>
            <Col span={12}>
              <Statistic
                title={texts.withoutResults}
                value={figures.data?.withoutResults ?? 0}
                loading={figures.isPending}
              />
            </Col>
          </Row>
          <Row gutter={16}>
            <Col xs={24} xl={12}>
              <h4>{texts.topQueries}</h4>
              {table(figures.data?.topQueries, 'search-top-queries')}
            </Col>
            <Col xs={24} xl={12}>
              <h4>{texts.queriesWithoutResults}</h4>
              {table(figures.data?.queriesWithoutResults, 'search-queries-without-results')}
            </Col>
          </Row>
        </>
      )}
    </Card>
  );
};
