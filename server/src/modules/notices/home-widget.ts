import {
  HOME_LIST_LIMIT,
  type HomeKpi,
  type HomeList,
  type HomeListItem,
  homeKpiSchema,
  homeListSchema,
  type MyNotice,
} from '@uniwim/contracts';
import type { HomeWidgetSource } from '../home/widget-registry';
import type { NoticeService } from './service';

/** The home page's 未读公告 card (issue 15's fourth KPI): the member's own unread notices. */
export const unreadNoticesWidget = (notices: Pick<NoticeService, 'unread'>): HomeWidgetSource<HomeKpi> => ({
  name: 'unread-notices',
  title: '未读公告',
  titleEn: 'Unread notices',
  kind: 'kpi',
  defaultOn: true,
  visible: () => true,
  schema: homeKpiSchema,
  load: async ({ session, tenantId }) => ({
    name: 'unread-notices',
    value: (await notices.unread({ tenantId, accountId: session.accountId })).unread,
    unit: '条',
    unitEn: '',
  }),
});

/** Where the member reads every notice, and one of them (`?id=`). */
export const NOTICE_DETAIL_PATH = '/umpNoticeDetail';

const tagsOf = (notice: MyNotice): HomeListItem['tags'] => [
  ...(notice.pinned ? (['pinned'] as const) : []),
  ...(notice.mustRead ? (['must-read'] as const) : []),
  ...(notice.level === 'normal' ? [] : [notice.level]),
];

/**
 * The home page's 我的公告 list: the member's newest notices (pinned first, as on the notices page),
 * the unread ones marked; each opens on /umpNoticeDetail, which records the read.
 */
export const myNoticesWidget = (
  notices: Pick<NoticeService, 'mine' | 'unread'>,
): HomeWidgetSource<HomeList> => ({
  name: 'my-notices',
  title: '通知公告',
  titleEn: 'Notices',
  kind: 'list',
  defaultOn: true,
  visible: () => true,
  schema: homeListSchema,
  load: async ({ session, tenantId }) => {
    const member = { tenantId, accountId: session.accountId };
    const [page, unread] = await Promise.all([
      notices.mine(member, { page: 1, pageSize: HOME_LIST_LIMIT }),
      notices.unread(member),
    ]);
    return {
      items: page.items.map((notice) => ({
        id: notice.id,
        title: notice.title,
        summary: notice.publisherName,
        at: notice.publishAt,
        atKind: 'published' as const,
        link: `${NOTICE_DETAIL_PATH}?id=${encodeURIComponent(notice.id)}`,
        unread: notice.readAt === null,
        overdue: false,
        tags: tagsOf(notice),
      })),
      total: unread.unread,
      moreLink: NOTICE_DETAIL_PATH,
    };
  },
});
