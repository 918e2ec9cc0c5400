import { UndoOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { HomeApplication } from '@uniwim/contracts/client';
import { Button, Card, Empty, Input, message, Popconfirm, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useLocalizedTexts } from '../../i18n/texts';
import { api } from '../../lib/api';
import { readStoredToken } from '../../lib/storage-keys';
import { isFramed } from '../pages/page-session';
import { homeApi } from './home-api';
import { homeTexts } from './home-texts';
import { requestMenuOpening } from './open-in-shell';
import { SignInFirst } from './SignInFirst';
import { WidgetBody } from './WidgetBody';
import { type TileDrag, WorkbenchTile } from './WorkbenchTile';
import { arrangeApplications, filterApplications, moveBefore, moveBy, toggleId } from './workbench-arrange';
import './home.css';

const home = homeApi(api);
const LAYOUT_KEY = ['workbench', 'layout'];

/**
 * /saasWorkbench: the user's applications as a grid, arranged by drag and drop (saved per member on
 * the server), with favourites, recently used, a search filter and "reset to default".
 */
const WorkbenchContent = () => {
  const allTexts = useLocalizedTexts(homeTexts);
  const texts = allTexts.workbench;
  const queryClient = useQueryClient();
  const [messages, holder] = message.useMessage();
  const applications = useQuery({ queryKey: ['home', 'applications'], queryFn: home.applications });
  const layout = useQuery({ queryKey: LAYOUT_KEY, queryFn: home.layout });
  const recent = useQuery({ queryKey: ['home', 'recent'], queryFn: home.recent });
  const [search, setSearch] = useState('');
  const [dragging, setDragging] = useState<string | null>(null);
  const [target, setTarget] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const arranged = useMemo(
    () => arrangeApplications(applications.data ?? [], layout.data?.order ?? []),
    [applications.data, layout.data],
  );
  const favourites = layout.data?.favourites ?? [];
  const byId = useMemo(() => new Map(arranged.map((app) => [app.id, app])), [arranged]);

  /** Shows the change at once; the previous arrangement comes back if the server refuses it. */
  const save = async (order: string[], nextFavourites: string[]) => {
    const previous = layout.data;
    queryClient.setQueryData(LAYOUT_KEY, { order, favourites: nextFavourites, isDefault: false });
    setSaving(true);
    try {
      await home.saveLayout({ order, favourites: nextFavourites });
      void messages.success(texts.saved);
    } catch {
      queryClient.setQueryData(LAYOUT_KEY, previous);
      void messages.error(texts.saveFailed);
    } finally {
      setSaving(false);
    }
  };
  const ids = () => arranged.map((app) => app.id);
  const drag: TileDrag = {
    dragging,
    target,
    start: (id) => setDragging(id),
    over: (id) => setTarget(id),
    drop: (id) => {
      const moved = dragging;
      setDragging(null);
      setTarget(null);
      if (moved && moved !== id) void save(moveBefore(ids(), moved, id), favourites);
    },
    end: () => {
      setDragging(null);
      setTarget(null);
    },
  };
  const reset = async () => {
    try {
      await home.resetLayout();
      await queryClient.invalidateQueries({ queryKey: LAYOUT_KEY });
      void messages.success(texts.resetDone);
    } catch (error) {
      void messages.error(error instanceof Error ? error.message : String(error));
    }
  };
  const open = (application: HomeApplication) => {
    if (application.entryMenuId) requestMenuOpening(application.entryMenuId, isFramed());
    else void messages.info(allTexts.cannotOpen);
  };
  const tile = (application: HomeApplication, arrangedTile: boolean) => (
    <WorkbenchTile
      key={application.id}
      application={application}
      texts={texts}
      favourite={favourites.includes(application.id)}
      drag={arrangedTile ? drag : undefined}
      onOpen={() => open(application)}
      onFavourite={() => void save(ids(), toggleId(favourites, application.id))}
      onMove={arrangedTile ? (step) => void save(moveBy(ids(), application.id, step), favourites) : undefined}
    />
  );

  const shown = filterApplications(arranged, search);
  const favouriteApps = favourites.map((id) => byId.get(id)).filter((app) => app !== undefined);
  const recentApps = (recent.data ?? [])
    .map((item) => byId.get(item.applicationId))
    .filter((app) => app !== undefined);

  return (
    <div className="workbench" data-testid="workbench-page">
      {holder}
      <div className="workbench__toolbar">
        <Input.Search
          allowClear
          placeholder={texts.search}
          aria-label={texts.search}
          style={{ maxWidth: 320 }}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          data-testid="workbench-search"
        />
        <Popconfirm title={texts.reset} onConfirm={() => reset()}>
          <Button
            icon={<UndoOutlined />}
            disabled={saving || (layout.data?.isDefault ?? true)}
            data-testid="workbench-reset"
          >
            {texts.reset}
          </Button>
        </Popconfirm>
        <Typography.Text type="secondary">{texts.dragHint}</Typography.Text>
      </div>
      <Card size="small" title={texts.favourites}>
        <WidgetBody
          query={layout}
          texts={allTexts}
          isEmpty={() => favouriteApps.length === 0}
          emptyText={texts.noFavourites}
          testId="workbench-favourites"
        >
          {() => <div className="workbench__strip">{favouriteApps.map((app) => tile(app, false))}</div>}
        </WidgetBody>
      </Card>
      <Card size="small" title={texts.recent}>
        <WidgetBody
          query={recent}
          texts={allTexts}
          isEmpty={() => recentApps.length === 0}
          emptyText={allTexts.noRecent}
          testId="workbench-recent"
        >
          {() => <div className="workbench__strip">{recentApps.map((app) => tile(app, false))}</div>}
        </WidgetBody>
      </Card>
      <Card size="small" title={texts.all}>
        <WidgetBody
          query={applications}
          texts={allTexts}
          isEmpty={(data) => data.length === 0}
          emptyText={allTexts.noApplications}
          testId="workbench-all"
        >
          {() =>
            shown.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={texts.noMatch} />
            ) : (
              <div className="workbench__grid" data-testid="workbench-grid">
                {shown.map((app) => tile(app, true))}
              </div>
            )
          }
        </WidgetBody>
      </Card>
    </div>
  );
};

/** A visitor (no stored token) is asked to sign in before anything is requested. */
const WorkbenchPage = () => {
  const texts = useLocalizedTexts(homeTexts);
  return readStoredToken() ? <WorkbenchContent /> : <SignInFirst texts={texts} />;
};

export default WorkbenchPage;
