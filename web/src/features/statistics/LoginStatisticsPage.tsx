import { useQuery } from '@tanstack/react-query';
import type { LoginStatistics } from '@uniwim/contracts/client';
import { Alert, Breadcrumb, Button, Col, Row, Space, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useLanguage } from '../../i18n';
import { useLocalizedTexts } from '../../i18n/texts';
import { api } from '../../lib/api';
import { ChartCard } from './ChartCard';
import { chinaMapChart, heatmapChart, lineChart, pieChart, rankingChart } from './chart-options';
import {
  type AdminScope,
  barAt,
  KpiCards,
  MaintenanceLine,
  PeriodPicker,
  type PeriodValue,
} from './StatisticsParts';
import { splitLabelOf } from './split-labels';
import { statisticsTexts } from './statistics-texts';
import './statistics.css';

/** /loginStatistics: a tenant's sign-ins (scope ump), or every tenant's with drill-down (scope dmp). */
export const LoginStatisticsPage = ({ scope }: { scope: AdminScope }) => {
  const t = useLocalizedTexts(statisticsTexts);
  const language = useLanguage();
  // Unset: the server's last 30 days, in the days of the zone it counts in (its answer names them).
  const [period, setPeriod] = useState<PeriodValue | null>(null);
  const [tenant, setTenant] = useState<{ id: string; name: string } | null>(null);
  const query = useQuery({
    queryKey: ['statistics', 'login', scope, period, tenant?.id],
    queryFn: ({ signal }) =>
      api.get<LoginStatistics>(`/${scope}/admin/statistics/login`, {
        query: { from: period?.from, to: period?.to, tenantId: tenant?.id },
        signal,
      }),
    retry: false,
  });
  const data = query.data;
  const charts = useMemo(() => {
    if (!data) return null;
    const labelOf = (split: Parameters<typeof splitLabelOf>[0]) => (key: string) =>
      splitLabelOf(split, key, language, t.unknown);
    const days = data.daily.map((d) => d.day);
    return {
      daily: lineChart(
        days,
        [
          { name: t.successes, values: data.daily.map((d) => d.successes) },
          { name: t.failures, values: data.daily.map((d) => d.failures) },
        ],
        t.day,
      ),
      active: lineChart(
        days,
        [
          { name: t.dau, values: data.daily.map((d) => d.users) },
          { name: t.wau, values: data.daily.map((d) => d.weeklyUsers) },
          { name: t.mau, values: data.daily.map((d) => d.monthlyUsers) },
        ],
        t.day,
      ),
      heatmap: heatmapChart(data.heatmap, t),
      mode: pieChart(data.splits.mode, labelOf('mode'), t),
      device: pieChart(data.splits.device, labelOf('device'), t),
      os: pieChart(data.splits.os, labelOf('os'), t),
      browser: pieChart(data.splits.browser, labelOf('browser'), t),
      map: chinaMapChart(data.provinces, t, labelOf('province')),
      tenants: rankingChart(
        data.tenants.map((r) => ({ id: r.tenantId, name: r.name, value: r.value, secondary: r.secondary })),
        { name: t.tenant, value: t.successes, secondary: t.secondaryLogin },
      ),
    };
  }, [data, t, language]);

  return (
    <div className="statistics-page" data-testid="login-statistics">
      <Space className="statistics-toolbar" wrap>
        {scope === 'dmp' ? (
          <Breadcrumb
            items={[
              {
                title: tenant ? (
                  <Button type="link" size="small" onClick={() => setTenant(null)}>
                    {t.allTenants}
                  </Button>
                ) : (
                  t.allTenants
                ),
              },
              ...(tenant ? [{ title: tenant.name }] : []),
            ]}
          />
        ) : null}
        <PeriodPicker
          value={period ?? (data ? { from: data.from, to: data.to } : null)}
          today={data?.today ?? null}
          zone={data?.timeZone ?? null}
          onChange={setPeriod}
          t={t}
        />
      </Space>
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          message={t.loadFailed}
          description={(query.error as Error).message}
          action={<Button onClick={() => query.refetch()}>{t.retry}</Button>}
        />
      ) : null}
      {query.isPending ? <Spin className="statistics-loading" /> : null}
      {data && charts ? (
        <>
          <MaintenanceLine cleanup={data.maintenance.cleanup} rollup={data.maintenance.rollup} t={t} />
          <KpiCards
            t={t}
            items={[
              { key: 'attempts', title: t.attempts, kpi: data.kpis.attempts },
              { key: 'successes', title: t.successes, kpi: data.kpis.successes },
              { key: 'failures', title: t.failures, kpi: data.kpis.failures },
              { key: 'averageDailyUsers', title: t.averageDailyUsers, kpi: data.kpis.averageDailyUsers },
              { key: 'locked', title: t.locked, kpi: data.kpis.locked },
              { key: 'newUsers', title: t.newUsers, kpi: data.kpis.newUsers },
            ]}
          />
          <KpiCards
            t={t}
            items={[
              { key: 'dau', title: t.dau, value: data.active.daily },
              { key: 'wau', title: t.wau, value: data.active.weekly },
              { key: 'mau', title: t.mau, value: data.active.monthly },
            ].map((item) => ({
              key: item.key,
              title: item.title,
              kpi: { value: item.value, previous: 0 },
              // The three are of one day: said when it is not the period's last.
              note: data.active.day && data.active.day !== data.to ? t.activeAsOf(data.active.day) : '',
            }))}
          />
          <Row gutter={[12, 12]}>
            <Col xs={24} xl={12}>
              <ChartCard id="daily" title={t.dailyLogin} spec={charts.daily} t={t} />
            </Col>
            <Col xs={24} xl={12}>
              <ChartCard id="active" title={t.dailyActive} spec={charts.active} t={t} />
            </Col>
            <Col xs={24} xl={12}>
              <ChartCard id="heatmap" title={t.heatmap} spec={charts.heatmap} t={t} height={360} />
            </Col>
            <Col xs={24} xl={12}>
              <ChartCard id="map" title={t.map} spec={charts.map} t={t} height={360} />
            </Col>
            {(['mode', 'device', 'os', 'browser'] as const).map((split) => (
              <Col key={split} xs={24} md={12} xxl={6}>
                <ChartCard
                  id={split}
                  title={{ mode: t.byMode, device: t.byDevice, os: t.byOs, browser: t.byBrowser }[split]}
                  spec={charts[split]}
                  t={t}
                  height={260}
                  empty={data.splits[split].length === 0}
                />
              </Col>
            ))}
            {scope === 'dmp' && !tenant ? (
              <Col xs={24}>
                <ChartCard
                  id="tenants"
                  title={t.tenantRanking}
                  extra={<span className="statistics-hint">{t.drillHint}</span>}
                  spec={charts.tenants}
                  t={t}
                  empty={data.tenants.length === 0}
                  onSelect={(_name, index) => {
                    const ranked = barAt(data.tenants, index);
                    if (ranked) setTenant({ id: ranked.tenantId, name: ranked.name });
                  }}
                />
              </Col>
            ) : null}
          </Row>
        </>
      ) : null}
    </div>
  );
};

export const TenantLoginStatisticsView = () => <LoginStatisticsPage scope="ump" />;
export const PlatformLoginStatisticsView = () => <LoginStatisticsPage scope="dmp" />;
