import { type HomeKpi, homeKpiSchema } from '@uniwim/contracts';
import type { HomeRepo } from './repo';
import type { HomeWidgetRegistry, HomeWidgetSource } from './widget-registry';

const kpi = (
  name: string,
  title: string,
  titleEn: string,
  unit: string,
  unitEn: string,
  count: (tenantId: string) => Promise<number>,
  visible: HomeWidgetSource<HomeKpi>['visible'] = () => true,
): HomeWidgetSource<HomeKpi> => ({
  name,
  title,
  titleEn,
  kind: 'kpi',
  defaultOn: true,
  visible,
  schema: homeKpiSchema,
  load: async ({ tenantId }) => ({ name, value: await count(tenantId), unit, unitEn }),
});

/**
 * The KPI cards of this module (issue 15's first three). Each reads a kept counter or an index, so
 * it answers quickly however many members the tenant has.
 */
export const registerKpiSources = (registry: HomeWidgetRegistry, repo: HomeRepo): void => {
  // English counts stand alone: "Members 12", not "12 people".
  registry.register(kpi('members', '成员总数', 'Members', '人', '', repo.memberCount));
  registry.register(kpi('applications', '在用应用', 'Applications in use', '个', '', repo.applicationsInUse));
  // Who signed in today is the administrators' business.
  registry.register(
    kpi('sign-ins-today', '今日登录', 'Sign-ins today', '次', '', repo.signInsToday, (ctx) =>
      ctx.isTenantAdmin(),
    ),
  );
};
