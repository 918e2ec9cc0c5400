import type { HomeWidget } from '@uniwim/contracts';
import type { ZodType } from 'zod';
import type { ActiveSession } from '../sessions/repo';

/** What a widget source knows of the request it answers. */
export interface HomeWidgetContext {
  session: ActiveSession;
  /** The active tenant (widgets exist only inside a tenant). */
  tenantId: string;
  /** Whether the user administers the active tenant (asked once per request, when a rule needs it). */
  isTenantAdmin(): Promise<boolean>;
}

/**
 * One source of a homepage widget. Sections register theirs (notices, to-dos, messages) with
 * `registry.register(...)` from where they are composed; this module never needs to know them.
 */
export interface HomeWidgetSource<T = unknown> {
  /** Unique, lower case (`members`, `sign-ins-today`): the widget's address and what a tenant stores. */
  name: string;
  title: string;
  titleEn: string;
  /**
   * How the page draws it: 'kpi' a number card (the tenant chooses which), 'list' the newest few
   * items of a source (`homeListSchema`; shown to every member it is visible to).
   */
  kind: string;
  /** Shown when a tenant has not chosen its cards. */
  defaultOn: boolean;
  /** Its permission or visibility rule: a user it answers false for neither sees nor loads it. */
  visible(ctx: HomeWidgetContext): boolean | Promise<boolean>;
  /** Its data; checked against `schema` before it leaves. */
  load(ctx: HomeWidgetContext): Promise<T>;
  schema: ZodType<T>;
}

/** A KPI card: a tenant chooses which of them its members see. */
export const isKpi = (source: HomeWidgetSource): boolean => source.kind === 'kpi';

export const describeWidget = (source: HomeWidgetSource): HomeWidget => ({
  name: source.name,
  title: source.title,
  titleEn: source.titleEn,
  kind: source.kind,
});

/** The widget sources of the homepage, in the order they were registered. */
export const createHomeWidgetRegistry = () => {
  const sources = new Map<string, HomeWidgetSource>();
  return {
    register: <T>(source: HomeWidgetSource<T>): void => {
      if (sources.has(source.name)) throw new Error(`home widget ${source.name} registered twice`);
      sources.set(source.name, source as HomeWidgetSource);
    },
    find: (name: string): HomeWidgetSource | undefined => sources.get(name),
    all: (): HomeWidgetSource[] => [...sources.values()],
  };
};

export type HomeWidgetRegistry = ReturnType<typeof createHomeWidgetRegistry>;
