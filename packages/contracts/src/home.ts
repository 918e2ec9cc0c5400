import { z } from 'zod';

/*
 * Issue 15: the user's home (/homepage) and the SaaS workbench (/saasWorkbench). Each widget of the
 * homepage is its own request, so one failing source leaves the others on screen.
 */

/** The homepage layouts appTemp picks (login configuration); anything else shows the default. */
export const HOME_LAYOUTS = ['default', 'compact'] as const;
export type HomeLayout = (typeof HOME_LAYOUTS)[number];
export const homeLayoutOf = (appTemp: string | null | undefined): HomeLayout =>
  (HOME_LAYOUTS as readonly string[]).includes(appTemp?.trim() ?? '')
    ? (appTemp!.trim() as HomeLayout)
    : 'default';

/** GET /ump/home/overview: the greeting and the tenant's branding. */
export const homeOverviewSchema = z.object({
  userName: z.string(),
  tenantId: z.string().nullable(),
  tenantName: z.string().nullable(),
  banners: z.array(z.string()),
  layout: z.enum(HOME_LAYOUTS),
  /** The user may choose the tenant's KPI cards (its administrators). */
  canConfigure: z.boolean(),
});
export type HomeOverview = z.infer<typeof homeOverviewSchema>;

/** One application of the user (from their menu tree) and the menu item that opens it. */
export const homeApplicationSchema = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  category: z.string().nullable(),
  /** The first item with a link in the user's tree of this application; null when none opens. */
  entryMenuId: z.string().nullable(),
});
export type HomeApplication = z.infer<typeof homeApplicationSchema>;
export const homeApplicationListSchema = z.array(homeApplicationSchema);

/** GET /ump/home/recent: the applications the user opened last (usage logs), newest first. */
export const homeRecentItemSchema = z.object({
  applicationId: z.string(),
  name: z.string(),
  /** Menu item last opened in it (usage log's function), if it is still in the user's tree. */
  menuId: z.string().nullable(),
  menuName: z.string().nullable(),
  visitedAt: z.string(),
});
export type HomeRecentItem = z.infer<typeof homeRecentItemSchema>;
export const homeRecentListSchema = z.array(homeRecentItemSchema);
export const HOME_RECENT_LIMIT = 8;

/** A widget of the homepage a source offers (KPI cards now; notices, to-dos and messages later). */
export const homeWidgetSchema = z.object({
  name: z.string(),
  title: z.string(),
  titleEn: z.string(),
  /** How the page draws it: 'kpi' a number card; later sections add their kinds. */
  kind: z.string(),
});
export type HomeWidget = z.infer<typeof homeWidgetSchema>;
export const homeWidgetListSchema = z.array(homeWidgetSchema);

/** GET /ump/home/widgets/:name for a KPI card. */
export const homeKpiSchema = z.object({
  name: z.string(),
  value: z.number().int(),
  /** The Chinese counting word after the number (人, 个, 条). */
  unit: z.string(),
  /** Its English counterpart; '' when an English number stands alone (issue 25: "Members 5人"). */
  unitEn: z.string(),
});
export type HomeKpi = z.infer<typeof homeKpiSchema>;

/** GET /ump/home/widgets/:name: a widget's data, checked against its source's own schema. */
export const homeWidgetDataSchema = z.object({
  name: z.string(),
  kind: z.string(),
  data: z.unknown(),
});
export type HomeWidgetData = z.infer<typeof homeWidgetDataSchema>;

export const HOME_WIDGET_NAME_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;
export const homeWidgetNameSchema = z
  .string()
  .regex(HOME_WIDGET_NAME_PATTERN, { error: '组件名称须为小写字母开头的字母、数字或 -' });

/** GET/PUT /ump/home/widget-settings: the KPI cards a tenant chose, in order. */
export const homeWidgetSettingsBodySchema = z.strictObject({
  widgets: z
    .array(homeWidgetNameSchema)
    .max(12, { error: '最多选择 12 个指标卡片' })
    .refine((names) => new Set(names).size === names.length, { error: '指标卡片不能重复' }),
});
export type HomeWidgetSettingsBody = z.infer<typeof homeWidgetSettingsBodySchema>;
export const homeWidgetSettingsSchema = z.object({
  widgets: z.array(z.string()),
  /** Every source the tenant may choose from. */
  available: homeWidgetListSchema,
  /** True when the tenant has not chosen and sees the default cards. */
  isDefault: z.boolean(),
});
export type HomeWidgetSettings = z.infer<typeof homeWidgetSettingsSchema>;

/** The workbench arrangement of one member: application ids in the order shown, and favourites. */
const applicationIdList = (what: string) =>
  z
    .array(z.string().trim().min(1).max(100))
    .max(500, { error: `${what}最多 500 个应用` })
    .refine((ids) => new Set(ids).size === ids.length, { error: `${what}中的应用不能重复` });
export const workbenchLayoutBodySchema = z.strictObject({
  order: applicationIdList('排列顺序'),
  favourites: applicationIdList('收藏'),
});
export type WorkbenchLayoutBody = z.infer<typeof workbenchLayoutBodySchema>;
export const workbenchLayoutSchema = workbenchLayoutBodySchema.extend({
  /** True when the member never saved one (or reset it): the default order is shown. */
  isDefault: z.boolean(),
});
export type WorkbenchLayout = z.infer<typeof workbenchLayoutSchema>;

/**
 * A list widget of the homepage (kind 'list': my notices, my to-dos, unread messages; later
 * sections add theirs the same way): the newest few items, how many there are in all, and where
 * the full list lives. The page draws every list widget alike, so a new source needs no new code.
 */
export const HOME_LIST_LIMIT = 6;
export const HOME_LIST_ITEM_TAGS = ['pinned', 'must-read', 'important', 'urgent'] as const;
export const homeListItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** A second line: the publisher, the source application, the message's first words. */
  summary: z.string().nullable(),
  /** When: published, due or received (`atKind`). */
  at: z.string().nullable(),
  atKind: z.enum(['published', 'due', 'received']),
  /** Opened in the shell (a product path or an http(s) address); null: nothing to open. */
  link: z.string().nullable(),
  unread: z.boolean(),
  overdue: z.boolean(),
  tags: z.array(z.enum(HOME_LIST_ITEM_TAGS)),
});
export type HomeListItem = z.infer<typeof homeListItemSchema>;
export const homeListSchema = z.object({
  items: z.array(homeListItemSchema).max(HOME_LIST_LIMIT),
  /** Every item of the source (unread notices, open to-dos, unread messages), not only those shown. */
  total: z.number().int(),
  /** The full list's page in the shell. */
  moreLink: z.string(),
});
export type HomeList = z.infer<typeof homeListSchema>;

/**
 * Issue 25: the getting-started guide (widget kind 'checklist'), shown to a tenant's administrators
 * while the tenant is new: what to do first, each step ticked once done, the guide gone when all
 * are. The page names each step in its own language by its key.
 */
export const GETTING_STARTED_STEPS = ['users', 'sign-in-look', 'applications'] as const;
export type GettingStartedStep = (typeof GETTING_STARTED_STEPS)[number];
export const homeChecklistSchema = z.object({
  steps: z.array(
    z.object({
      key: z.enum(GETTING_STARTED_STEPS),
      done: z.boolean(),
      /** The page of the admin console that does it (a product path, opened in a tab of the shell). */
      link: z.string(),
    }),
  ),
  /** The admin console's own shell. */
  adminLink: z.string(),
});
export type HomeChecklist = z.infer<typeof homeChecklistSchema>;
