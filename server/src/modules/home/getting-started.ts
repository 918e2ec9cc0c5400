import { type GettingStartedStep, type HomeChecklist, homeChecklistSchema } from '@uniwim/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import type { HomeWidgetContext, HomeWidgetSource } from './widget-registry';

/** Where each first step is done: the admin console's pages, opened in a tab of the shell. */
const STEP_LINKS: Readonly<Record<GettingStartedStep, string>> = {
  users: '/umpUser',
  'sign-in-look': '/tenantSettings',
  applications: '/umpRoleManager',
};
const ADMIN_SHELL = '/admin.html';

type RawRow = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: RawRow[] }).rows;

/**
 * How far a tenant got with what its administrator does first, in one statement of small lookups:
 * - users: it has a member besides its first administrator (an invited one counts: the step is done);
 * - sign-in-look: its sign-in look overrides the platform's (the override a new tenant starts with is empty);
 * - applications: a role other than the administrators' is granted menu items, so members have
 *   applications to open.
 */
export const createSetupProgressReader = (db: Database) => ({
  progress: (tenantId: string): Promise<Record<GettingStartedStep, boolean>> =>
    db.withTenant(tenantId, async (tx) => {
      const [row] = rowsOf(
        await tx.execute(sql`SELECT
          (SELECT count(*) FROM (SELECT 1 FROM tenant_memberships WHERE tenant_id = ${tenantId} LIMIT 2) m) > 1
            AS users,
          EXISTS (SELECT 1 FROM tenant_login_configs
            WHERE tenant_id = ${tenantId} AND config <> '{}'::jsonb) AS look,
          EXISTS (SELECT 1 FROM role_menu_grants g
            JOIN roles r ON r.tenant_id = g.tenant_id AND r.id = g.role_id
            WHERE g.tenant_id = ${tenantId} AND NOT r.is_admin) AS applications`),
      );
      return {
        users: row?.users === true,
        'sign-in-look': row?.look === true,
        applications: row?.applications === true,
      };
    }),
});

export type SetupProgressReader = ReturnType<typeof createSetupProgressReader>;

/**
 * The home's getting-started guide (issue 25): shown to the tenant's administrators until every
 * first step is done, each step ticked once it is. A tenant that is set up (every demo tenant) never
 * shows it, and its members never do.
 */
export const gettingStartedWidget = (reader: SetupProgressReader): HomeWidgetSource<HomeChecklist> => {
  // The widget list asks `visible`, the widget's own request asks it and then `load`: read once each.
  const read = new WeakMap<HomeWidgetContext, Promise<Record<GettingStartedStep, boolean>>>();
  const progressOf = (ctx: HomeWidgetContext) => {
    let progress = read.get(ctx);
    if (!progress) {
      progress = reader.progress(ctx.tenantId);
      read.set(ctx, progress);
    }
    return progress;
  };
  return {
    name: 'getting-started',
    title: '开始使用',
    titleEn: 'Getting started',
    kind: 'checklist',
    defaultOn: true,
    visible: async (ctx) =>
      (await ctx.isTenantAdmin()) && Object.values(await progressOf(ctx)).some((done) => !done),
    schema: homeChecklistSchema,
    load: async (ctx) => {
      const progress = await progressOf(ctx);
      return {
        steps: (Object.keys(STEP_LINKS) as GettingStartedStep[]).map((key) => ({
          key,
          done: progress[key],
          link: STEP_LINKS[key],
        })),
        adminLink: ADMIN_SHELL,
      };
    },
  };
};
