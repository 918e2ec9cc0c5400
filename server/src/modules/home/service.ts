import type {
  HomeApplication,
  HomeOverview,
  HomeRecentItem,
  HomeWidget,
  HomeWidgetData,
  HomeWidgetSettings,
  HomeWidgetSettingsBody,
  WorkbenchLayout,
  WorkbenchLayoutBody,
} from '@uniwim/contracts';
import { HOME_RECENT_LIMIT, homeLayoutOf } from '@uniwim/contracts';
import { AppError } from '../../platform/errors';
import type { AccessService } from '../access/service';
import type { CurrentUserService } from '../auth/current-user';
import type { LoginConfigService } from '../login-config/service';
import type { MenuTreeService } from '../menus/service';
import type { ActiveSession } from '../sessions/repo';
import { applicationsOfTree, knownIds } from './applications';
import type { HomeRepo } from './repo';
import {
  describeWidget,
  type HomeWidgetContext,
  type HomeWidgetRegistry,
  type HomeWidgetSource,
  isKpi,
} from './widget-registry';

export interface HomeServiceDeps {
  repo: HomeRepo;
  registry: HomeWidgetRegistry;
  menuTrees: MenuTreeService;
  currentUser: CurrentUserService;
  loginConfig: LoginConfigService;
  access: AccessService;
}

const tenantOf = (session: ActiveSession): string => {
  if (!session.tenantId) throw new AppError('FORBIDDEN', '请先进入一个租户');
  return session.tenantId;
};

/** The homepage's and the workbench's data: each widget answered on its own. */
export const createHomeService = ({
  repo,
  registry,
  menuTrees,
  currentUser,
  loginConfig,
  access,
}: HomeServiceDeps) => {
  const contextOf = (session: ActiveSession, tenantId: string): HomeWidgetContext => {
    let admin: Promise<boolean> | undefined;
    return {
      session,
      tenantId,
      isTenantAdmin: () => {
        admin ??= access.isAdminOfActiveTenant(session);
        return admin;
      },
    };
  };

  /**
   * The tenant's KPI cards in its order (the default ones when it never chose), then every list
   * widget (notices, to-dos, messages: not a tenant's choice), those the user may see.
   */
  const chosenSources = async (ctx: HomeWidgetContext): Promise<HomeWidgetSource[]> => {
    const chosen = await repo.widgetSettings(ctx.tenantId);
    const cards = chosen
      ? chosen.map((name) => registry.find(name)).filter((source) => source !== undefined && isKpi(source))
      : registry.all().filter((source) => isKpi(source) && source.defaultOn);
    const lists = registry.all().filter((source) => !isKpi(source) && source.defaultOn);
    const sources = [...cards, ...lists] as HomeWidgetSource[];
    const visible = await Promise.all(sources.map(async (source) => (await source.visible(ctx)) === true));
    return sources.filter((_, index) => visible[index]);
  };

  /** The source of one widget the user may see now; undefined when there is none. */
  const shownSource = async (ctx: HomeWidgetContext, name: string): Promise<HomeWidgetSource | undefined> => {
    const source = registry.find(name);
    if (!source) return undefined;
    // A KPI card answers only when the tenant chose it; a list widget needs no look at the choice.
    if (isKpi(source) || !source.defaultOn) {
      return (await chosenSources(ctx)).find((candidate) => candidate.name === name);
    }
    return (await source.visible(ctx)) === true ? source : undefined;
  };

  const treeApplications = async (session: ActiveSession) => {
    const tree = await menuTrees.userTree(session);
    return { tree, applications: applicationsOfTree(tree.byId.values()) };
  };

  return {
    registry,

    overview: async (session: ActiveSession): Promise<HomeOverview> => {
      const [user, look, admin] = await Promise.all([
        currentUser.of(session),
        loginConfig.effective(session.tenantId),
        session.tenantId ? access.isAdminOfActiveTenant(session) : false,
      ]);
      return {
        userName: user.name,
        tenantId: session.tenantId,
        tenantName: user.tenantName,
        banners: look.config.appBannerList.filter((url) => url.trim() !== ''),
        layout: homeLayoutOf(look.config.appTemp),
        canConfigure: admin,
      };
    },

    /** The user's applications (their menu tree), with the catalogue's icon and category. */
    applications: async (session: ActiveSession): Promise<HomeApplication[]> => {
      if (!session.tenantId) return [];
      const { applications } = await treeApplications(session);
      const details = await repo.applicationDetails(
        session.tenantId,
        applications.map((application) => application.id),
      );
      return applications.map((application) => ({
        ...application,
        icon: details.get(application.id)?.icon ?? null,
        category: details.get(application.id)?.category ?? null,
      }));
    },

    /** The applications the user opened last, only those still theirs. */
    recent: async (session: ActiveSession): Promise<HomeRecentItem[]> => {
      if (!session.tenantId) return [];
      const [{ tree, applications }, visits] = await Promise.all([
        treeApplications(session),
        repo.recentVisits(session.tenantId, session.accountId),
      ]);
      const names = new Map(applications.map((application) => [application.id, application.name]));
      return visits
        .filter((visit) => names.has(visit.applicationId))
        .slice(0, HOME_RECENT_LIMIT)
        .map((visit) => {
          const menu = visit.functionId ? tree.byId.get(visit.functionId) : undefined;
          const own = menu?.applicationId === visit.applicationId ? menu : undefined;
          return {
            applicationId: visit.applicationId,
            name: names.get(visit.applicationId)!,
            menuId: own?.id ?? null,
            menuName: own?.name ?? null,
            visitedAt: visit.visitedAt.toISOString(),
          };
        });
    },

    widgets: async (session: ActiveSession): Promise<HomeWidget[]> => {
      if (!session.tenantId) return [];
      return (await chosenSources(contextOf(session, session.tenantId))).map(describeWidget);
    },

    /** One widget's data; a widget the tenant did not choose or the user may not see is not found. */
    widgetData: async (session: ActiveSession, name: string): Promise<HomeWidgetData> => {
      const tenantId = session.tenantId;
      if (!tenantId) throw new AppError('HOME_WIDGET_NOT_FOUND');
      const ctx = contextOf(session, tenantId);
      const source = await shownSource(ctx, name);
      if (!source) throw new AppError('HOME_WIDGET_NOT_FOUND');
      const data = source.schema.parse(await source.load(ctx));
      return { name: source.name, kind: source.kind, data };
    },

    widgetSettings: async (session: ActiveSession): Promise<HomeWidgetSettings> => {
      const tenantId = await access.assertTenantAdmin(session);
      const chosen = await repo.widgetSettings(tenantId);
      return {
        widgets:
          chosen ??
          registry
            .all()
            .filter((source) => isKpi(source) && source.defaultOn)
            .map((source) => source.name),
        available: registry.all().filter(isKpi).map(describeWidget),
        isDefault: chosen === null,
      };
    },

    saveWidgetSettings: async (session: ActiveSession, body: HomeWidgetSettingsBody): Promise<string[]> => {
      const tenantId = await access.assertTenantAdmin(session);
      const unknown = body.widgets.filter((name) => {
        const source = registry.find(name);
        return !source || !isKpi(source);
      });
      if (unknown.length > 0) {
        throw new AppError('HOME_WIDGET_UNKNOWN', `所选指标卡片不存在：${unknown.join('、')}`, {
          widgets: unknown,
        });
      }
      await repo.saveWidgetSettings(tenantId, body.widgets);
      return body.widgets;
    },

    /** The member's arrangement, holding only applications they have now. */
    layout: async (session: ActiveSession): Promise<WorkbenchLayout> => {
      const tenantId = tenantOf(session);
      const [{ applications }, stored] = await Promise.all([
        treeApplications(session),
        repo.arrangement(tenantId, session.accountId),
      ]);
      const known = new Set(applications.map((application) => application.id));
      if (!stored) return { order: [], favourites: [], isDefault: true };
      return {
        order: knownIds(stored.order, known),
        favourites: knownIds(stored.favourites, known),
        isDefault: false,
      };
    },

    saveLayout: async (session: ActiveSession, body: WorkbenchLayoutBody): Promise<void> => {
      await repo.saveArrangement(tenantOf(session), session.accountId, body);
    },

    resetLayout: async (session: ActiveSession): Promise<void> => {
      await repo.resetArrangement(tenantOf(session), session.accountId);
    },
  };
};

export type HomeService = ReturnType<typeof createHomeService>;
