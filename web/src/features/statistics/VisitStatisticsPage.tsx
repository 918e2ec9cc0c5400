import { useQuery } from '@tanstack/react-query';
import type { VisitStatistics } from '@uniwim/contracts/client';
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

/** /systemVisitStatistics: page views, visitors, applications and menus; tenants too on the platform. */
export const VisitStatisticsPage = ({ scope }: { scope: AdminScope }) => {
  const t = useLocalizedTexts(statisticsTexts);
  const language = useLanguage();
  // Unset: the server's last 30 days, in the days of the zone it counts in (its answer names them).
  const [period, setPeriod] = useState<PeriodValue | null>(null);
  const [tenant, setTenant] = useState<{ id: string; name: string } | null>(null);
  const [application, setApplication] = useState<{ id: string; name: string } | null>(null);
  const query = useQuery({
    queryKey: ['statistics', 'visits', scope, period, tenant?.id, application?.id],
    queryFn: ({ signal }) =>
      api.get<VisitStatistics>(`/${scope}/admin/statistics/visits`, {
        query: { from: period?.from, to: period?.to, tenantId: tenant?.id, applicationId: application?.id },
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
          { name: t.views, values: data.daily.map((d) => d.views) },
          { name: t.downloads, values: data.daily.map((d) => d.downloads) },
          { name: t.averageDailyVisitors, values: data.daily.map((d) => d.visitors) },
        ],
        t.day,
      ),
      heatmap: heatmapChart(data.heatmap, t),
      device: pieChart(data.splits.device, labelOf('device'), t),
      os: pieChart(data.splits.os, labelOf('os'), t),
      browser: pieChart(data.splits.browser, labelOf('browser'), t),
      map: chinaMapChart(data.provinces, t, labelOf('province')),
      applications: rankingChart(
        data.applications.map((a) => ({
          id: a.applicationId,
          name: a.name,
          value: a.opens,
          secondary: a.userDays,
        })),
        { name: t.application, value: t.opens, secondary: t.userDays },
      ),
      menus: rankingChart(
        data.menus.map((m) => ({ id: m.functionId, name: m.name, value: m.opens, secondary: m.userDays })),
        { name: t.menu, value: t.opens, secondary: t.userDays },
      ),
      tenants: rankingChart(
        data.tenants.map((r) => ({ id: r.tenantId, name: r.name, value: r.value, secondary: r.secondary })),
        { name: t.tenant, value: t.views, secondary: t.secondaryVisit },
      ),
    };
  }, [data, t, language]);

  return (
    <div className="statistics-page" data-testid="visit-statistics">
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
              { key: 'views', title: t.views, kpi: data.kpis.views },
              { key: 'downloads', title: t.downloads, kpi: data.kpis.downloads },
              {
                key: 'averageDailyVisitors',
                title: t.averageDailyVisitors,
                kpi: data.kpis.averageDailyVisitors,
              },
              { key: 'applications', title: t.applicationsOpened, kpi: data.kpis.applications },
            ]}
          />
          <Row gutter={[12, 12]}>
            <Col xs={24} xl={12}>
              <ChartCard id="daily" title={t.dailyVisits} spec={charts.daily} t={t} />
            </Col>
            <Col xs={24} xl={12}>
              <ChartCard id="heatmap" title={t.heatmap} spec={charts.heatmap} t={t} />
            </Col>
            <Col xs={24} xl={12}>
              <ChartCard
                id="applications"
                title={t.applicationRanking}
                extra={<span className="statistics-hint">{t.drillHint}</span>}
                spec={charts.applications}
                t={t}
                empty={data.applications.length === 0}
                onSelect={(_name, index) => {
                  const picked = barAt(data.applications, index);
                  if (picked) setApplication({ id: picked.applicationId, name: picked.name });
                }}
              />
            </Col>
            <Col xs={24} xl={12}>
              <ChartCard
                id="menus"
                title={t.menuRanking(application?.name ?? null)}
                extra={
                  application ? (
                    <Button size="small" type="link" onClick={() => setApplication(null)}>
                      {t.allApplications}
                    </Button>
                  ) : null
                }
                spec={charts.menus}
                t={t}
                empty={data.menus.length === 0}
              />
            </Col>
            <Col xs={24} xl={12}>
              <ChartCard id="map" title={t.map} spec={charts.map} t={t} height={360} />
            </Col>
            {/* Beside the map the device type, then the systems and browsers: each half a row, so
                their titles and buttons have room at 1280 px. */}
            {(['device', 'os', 'browser'] as const).map((split) => (
              <Col key={split} xs={24} md={12} xl={12}>
                <ChartCard
                  id={split}
                  title={{ device: t.byDevice, os: t.byOs, browser: t.byBrowser }[split]}
                  spec={charts[split]}
                  t={t}
                  height={360}
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

export const TenantVisitStatisticsView = () => <VisitStatisticsPage scope="ump" />;
export const PlatformVisitStatisticsView = () => <VisitStatisticsPage scope="dmp" />;
