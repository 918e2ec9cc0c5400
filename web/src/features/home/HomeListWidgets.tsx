import { useQuery } from '@tanstack/react-query';
import type { HomeList, HomeListItem, HomeWidget } from '@uniwim/contracts/client';
import { Badge, Button, Card, List, message, Tag, Typography } from 'antd';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/time-zone';
import { requestShellOpen } from '../todos/shell-open';
import { useWidgetList } from './HomeWidgets';
import { homeApi } from './home-api';
import { earlyOr } from './home-prefetch';
import type { HomeTexts } from './home-texts';
import { WidgetBody } from './WidgetBody';

const home = homeApi(api);

const TAG_COLOURS: Record<HomeListItem['tags'][number], string> = {
  pinned: 'blue',
  'must-read': 'purple',
  important: 'orange',
  urgent: 'red',
};

/** A list widget's data as its source answered it; anything else is this widget's error. */
export const listOf = (data: unknown): HomeList => {
  const list = data as Partial<HomeList> | null;
  if (!Array.isArray(list?.items) || typeof list.total !== 'number' || typeof list.moreLink !== 'string') {
    throw new Error('Unexpected list data');
  }
  return list as HomeList;
};

const whenOf = (item: HomeListItem, texts: HomeTexts['lists']): string => {
  const at = item.at ? formatDateTime(item.at) : null;
  if (item.atKind === 'due') return at ? texts.due(at) : texts.noDue;
  if (!at) return '';
  return item.atKind === 'published' ? texts.published(at) : texts.received(at);
};

const ListItem = ({
  item,
  texts,
  onOpen,
}: {
  item: HomeListItem;
  texts: HomeTexts['lists'];
  onOpen: (item: HomeListItem) => void;
}) => (
  <List.Item
    className={item.overdue ? 'home-list__item home-list__item--overdue' : 'home-list__item'}
    data-testid="home-list-item"
    data-item-id={item.id}
  >
    <div className="home-list__main">
      <Button type="link" className="home-list__title" onClick={() => onOpen(item)}>
        {item.unread && (
          <Badge status="processing" aria-label={texts.unread} data-testid="home-list-unread" />
        )}
        <span className={item.unread ? 'home-list__text home-list__text--unread' : 'home-list__text'}>
          {item.title}
        </span>
      </Button>
      <div className="home-list__meta">
        {item.tags.map((tag) => (
          <Tag key={tag} color={TAG_COLOURS[tag]} bordered={false}>
            {texts.tags[tag]}
          </Tag>
        ))}
        {item.overdue && (
          <Tag color="error" data-testid="home-list-overdue">
            {texts.overdue}
          </Tag>
        )}
        {item.summary && (
          <Typography.Text type="secondary" ellipsis className="home-list__summary">
            {item.summary}
          </Typography.Text>
        )}
      </div>
    </div>
    <Typography.Text type={item.overdue ? 'danger' : 'secondary'} className="home-list__when">
      {whenOf(item, texts)}
    </Typography.Text>
  </List.Item>
);

/** One list widget (notices, to-dos, messages…): its own request and its own three states. */
const ListWidgetCard = ({
  widget,
  texts,
  english,
}: {
  widget: HomeWidget;
  texts: HomeTexts;
  english: boolean;
}) => {
  const data = useQuery({
    queryKey: ['home', 'widget', widget.name],
    queryFn: async () =>
      listOf((await earlyOr(`widget:${widget.name}`, () => home.widget(widget.name))).data),
  });
  const [messages, holder] = message.useMessage();
  const title = english ? widget.titleEn : widget.title;
  const open = (item: HomeListItem) => {
    if (!item.link) {
      void messages.info(texts.lists.cannotOpen);
      return;
    }
    requestShellOpen(item.link, item.title);
  };
  return (
    <Card
      className="home-card home-list"
      data-testid="home-list"
      data-widget={widget.name}
      title={
        <span>
          {title}
          {data.data && data.data.total > 0 && (
            <Badge className="home-list__count" count={data.data.total} overflowCount={99} />
          )}
        </span>
      }
      extra={
        data.data && (
          <Button type="link" size="small" onClick={() => requestShellOpen(data.data.moreLink, title)}>
            {texts.lists.more}
          </Button>
        )
      }
    >
      {holder}
      <WidgetBody
        query={data}
        texts={texts}
        isEmpty={(list) => list.items.length === 0}
        emptyText={texts.lists.empty[widget.name] ?? texts.lists.emptyDefault}
        testId={`home-list-${widget.name}`}
      >
        {(list) => (
          <List
            size="small"
            dataSource={list.items}
            renderItem={(item) => <ListItem key={item.id} item={item} texts={texts.lists} onOpen={open} />}
          />
        )}
      </WidgetBody>
    </Card>
  );
};

/** Every list widget the server offers the user, in its order; the KPI cards are drawn apart. */
export const ListWidgets = ({ texts, english }: { texts: HomeTexts; english: boolean }) => {
  const widgets = useWidgetList();
  const lists = (widgets.data ?? []).filter((widget) => widget.kind === 'list');
  if (widgets.isSuccess && lists.length === 0) return null;
  return (
    <section className="home-lists" aria-label={texts.lists.title}>
      <WidgetBody query={widgets} texts={texts} isEmpty={() => false} emptyText="" testId="home-lists">
        {() =>
          lists.map((widget) => (
            <ListWidgetCard key={widget.name} widget={widget} texts={texts} english={english} />
          ))
        }
      </WidgetBody>
    </section>
  );
};
