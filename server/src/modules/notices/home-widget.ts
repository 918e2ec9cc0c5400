import { type HomeKpi, homeKpiSchema } from '@uniwim/contracts';
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
  }),
});
