import { ClockCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { HomeKpi, HomeOverview, HomeWidget } from '@uniwim/contracts/client';
import { Button, Card, Carousel, List, message, Statistic, Typography } from 'antd';
import { api } from '../../lib/api';
import { formatDateTime, hourInReaderZone } from '../../lib/time-zone';
import { isFramed } from '../pages/page-session';
import { AppIcon } from './AppIcon';
import { homeApi } from './home-api';
import { earlyOr } from './home-prefetch';
import type { HomeTexts } from './home-texts';
import { KpiSettings } from './KpiSettings';
import { requestMenuOpening } from './open-in-shell';
import { WidgetBody } from './WidgetBody';

const home = homeApi(api);

export const useOverview = () =>
  useQuery({ queryKey: ['home', 'overview'], queryFn: () => earlyOr('overview', home.overview) });

/** The widgets the user sees (KPI cards, lists): one request shared by both sections. */
export const useWidgetList = () =>
  useQuery({ queryKey: ['home', 'widgets'], queryFn: () => earlyOr('widgets', home.widgets) });

/** Opens a menu item in the shell; an application without a page says so. */
const useOpenMenu = (texts: HomeTexts) => {
  const [messages, holder] = message.useMessage();
  const open = (menuId: string | null) => {
    if (!menuId) {
      void messages.info(texts.cannotOpen);
      return;
    }
    requestMenuOpening(menuId, isFramed());
  };
  return { open, holder };
};

export const Greeting = ({ texts }: { texts: HomeTexts }) => {
  const overview = useOverview();
  return (
    <Card className="home-greeting">
      <WidgetBody query={overview} texts={texts} isEmpty={() => false} emptyText="" testId="home-greeting">
        {(data: HomeOverview) => (
          <>
            <Typography.Title level={3} className="home-greeting__title">
              {texts.greet(hourInReaderZone(), data.userName)}
            </Typography.Title>
            <Typography.Text type="secondary">
              {texts.welcome(data.tenantName ?? texts.platform)}
            </Typography.Text>
          </>
        )}
      </WidgetBody>
    </Card>
  );
};

/** The tenant's appBannerList; nothing at all when it has none. */
export const Banners = ({ texts }: { texts: HomeTexts }) => {
  const overview = useOverview();
  const banners = overview.data?.banners ?? [];
  if (banners.length === 0) return null;
  return (
    <section className="home-banners" aria-label={texts.banners} data-testid="home-banners">
      <Carousel autoplay={banners.length > 1} dots={banners.length > 1}>
        {banners.map((url) => (
          <div key={url}>
            <img className="home-banners__image" src={url} alt="" />
          </div>
        ))}
      </Carousel>
    </section>
  );
};

export const QuickEntries = ({ texts }: { texts: HomeTexts }) => {
  const applications = useQuery({
    queryKey: ['home', 'applications'],
    queryFn: () => earlyOr('applications', home.applications),
  });
  const { open, holder } = useOpenMenu(texts);
  return (
    <Card title={texts.quickEntries} className="home-card">
      {holder}
      <WidgetBody
        query={applications}
        texts={texts}
        isEmpty={(data) => data.length === 0}
        emptyText={texts.noApplications}
        testId="home-quick-entries"
      >
        {(data) => (
          <div className="home-quick-entries">
            {data.map((application) => (
              <button
                type="button"
                key={application.id}
                className="home-quick-entry"
                data-testid="home-quick-entry"
                onClick={() => open(application.entryMenuId)}
              >
                <AppIcon icon={application.icon} />
                <span className="home-quick-entry__name">{application.name}</span>
              </button>
            ))}
          </div>
        )}
      </WidgetBody>
    </Card>
  );
};

export const RecentVisits = ({ texts }: { texts: HomeTexts }) => {
  const recent = useQuery({ queryKey: ['home', 'recent'], queryFn: () => earlyOr('recent', home.recent) });
  const { open, holder } = useOpenMenu(texts);
  return (
    <Card title={texts.recent} className="home-card">
      {holder}
      <WidgetBody
        query={recent}
        texts={texts}
        isEmpty={(data) => data.length === 0}
        emptyText={texts.noRecent}
        testId="home-recent"
      >
        {(data) => (
          <List
            size="small"
            dataSource={data}
            renderItem={(item) => (
              <List.Item
                key={item.applicationId}
                actions={[
                  <Typography.Text type="secondary" key="at">
                    <ClockCircleOutlined /> {formatDateTime(item.visitedAt)}
                  </Typography.Text>,
                ]}
              >
                <Button type="link" className="home-recent__link" onClick={() => open(item.menuId)}>
                  {item.menuName ? `${item.name} / ${item.menuName}` : item.name}
                </Button>
              </List.Item>
            )}
          />
        )}
      </WidgetBody>
    </Card>
  );
};

/** A KPI card's data as the server's source answered it; anything else is this widget's error. */
const kpiOf = (data: unknown): HomeKpi => {
  const kpi = data as Partial<HomeKpi> | null;
  if (
    typeof kpi?.value !== 'number' ||
    typeof kpi.unit !== 'string' ||
    typeof kpi.unitEn !== 'string' ||
    typeof kpi.name !== 'string'
  ) {
    throw new Error('Unexpected KPI data');
  }
  return kpi as HomeKpi;
};

/** One KPI card: its own request, its own loading, error and empty states. */
const KpiCard = ({ widget, texts, english }: { widget: HomeWidget; texts: HomeTexts; english: boolean }) => {
  const data = useQuery({
    queryKey: ['home', 'widget', widget.name],
    queryFn: async () => kpiOf((await earlyOr(`widget:${widget.name}`, () => home.widget(widget.name))).data),
  });
  return (
    <Card size="small" className="home-kpi" data-testid="home-kpi" data-widget={widget.name}>
      <Typography.Text type="secondary">{english ? widget.titleEn : widget.title}</Typography.Text>
      <WidgetBody
        query={data}
        texts={texts}
        isEmpty={() => false}
        emptyText=""
        testId={`home-kpi-${widget.name}`}
      >
        {(kpi) => <Statistic value={kpi.value} suffix={(english ? kpi.unitEn : kpi.unit) || undefined} />}
      </WidgetBody>
    </Card>
  );
};

export const KpiCards = ({ texts, english }: { texts: HomeTexts; english: boolean }) => {
  const widgets = useWidgetList();
  const canConfigure = useOverview().data?.canConfigure ?? false;
  return (
    <section className="home-kpis" aria-label={texts.kpis}>
      {canConfigure && (
        <div className="home-kpis__toolbar">
          <KpiSettings texts={texts} english={english} />
        </div>
      )}
      <WidgetBody
        query={widgets}
        texts={texts}
        isEmpty={(data) => data.filter((widget) => widget.kind === 'kpi').length === 0}
        emptyText={texts.noKpis}
        testId="home-kpis"
      >
        {(data) => (
          <div className="home-kpis__grid">
            {data
              .filter((widget) => widget.kind === 'kpi')
              .map((widget) => (
                <KpiCard key={widget.name} widget={widget} texts={texts} english={english} />
              ))}
          </div>
        )}
      </WidgetBody>
    </section>
  );
};
