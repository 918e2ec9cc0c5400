import {
  type CurrentUser,
  conditionSyntaxError,
  isMenuVisible,
  type MenuConditionCheck,
  normaliseMenuTree,
  type ShellMenu,
  walkMenus,
} from '@uniwim/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { jsonList, rowsOf } from './admin-repo';
import { toMenuRow } from './repo';
import { buildMenuTree } from './tree';

/**
 * The items (and every item above them) as the shell's tree query reads them, in the tenant's
 * scope: what buildMenuTree turns into the nodes the shell normalises.
 */
const shellRowsOf = async (tx: Tx, ids: readonly string[]) =>
  rowsOf(
    await tx.execute(sql`
      WITH RECURSIVE chain AS (
        SELECT id, parent_id FROM menu_items WHERE id IN ${jsonList(ids)}
        UNION
        SELECT p.id, p.parent_id FROM menu_items p JOIN chain c ON p.id = c.parent_id
      )
      SELECT m.id, m.parent_id, m.name, m.name_en, m.link, m.mobile_link, m.effect_drawing, m.sort, m.reload, m.monitor, m.monitor_url,
             m.menu_style, m.internal_network, m.external_network, m.operating_manual, m.target, m.type,
             m.visible_condition, m.disabled, m.is_public, m.full_link, m.menu_version, m.application_id,
             a.name AS application_name, a.version AS application_version,
             a.internal_link AS application_internal_link, a.external_link AS application_external_link,
             a.operating_manual AS application_operating_manual
      FROM chain c JOIN menu_items m ON m.id = c.id JOIN applications a ON a.id = m.application_id`),
  ).map(toMenuRow);

/** The items as the shell has them (normalised, styles inherited), by id; a visitor's link context. */
const shellMenusOf = async (tx: Tx, ids: readonly string[]): Promise<Map<string, ShellMenu>> => {
  const menus = new Map<string, ShellMenu>();
  if (ids.length === 0) return menus;
  const tree = normaliseMenuTree(buildMenuTree(await shellRowsOf(tx, ids)), { token: null });
  for (const menu of walkMenus(tree)) menus.set(menu.Id, menu);
  return menus;
};

/** A shell menu as the answer shows it: its children and its server node left out (they repeat the tree). */
const shown = (menu: ShellMenu | undefined): Record<string, unknown> | null => {
  if (!menu) return null;
  const { Children, raw, ...rest } = menu;
  return { ...rest, Children: Children.map((child) => ({ Id: child.Id, Name: child.Name })) };
};

export interface ConditionCheckInput {
  condition: string;
  tenantId: string;
  accountId: string;
  menuId?: string;
  activeMenuId?: string;
}

export interface ConditionMenus {
  currentMenu: ShellMenu | undefined;
  activeMenu: ShellMenu | undefined;
}

/**
 * What the condition is evaluated against, read in the caller's transaction: the member must be
 * one of the tenant's, the items are as the shell normalises them (read in the tenant's scope, an
 * item the tenant cannot see is not found).
 */
export const conditionMenus = async (tx: Tx, input: ConditionCheckInput): Promise<ConditionMenus> => {
  const [member] = rowsOf(
    await tx.execute(sql`
      SELECT 1 FROM tenant_memberships WHERE tenant_id = ${input.tenantId} AND account_id = ${input.accountId}`),
  );
  if (!member) throw new AppError('MEMBER_NOT_FOUND');
  const ids = [input.menuId, input.activeMenuId].filter((id): id is string => id !== undefined);
  const menus = await shellMenusOf(tx, ids);
  for (const id of ids) if (!menus.has(id)) throw new AppError('MENU_NOT_FOUND', `菜单不存在：${id}`);
  return {
    currentMenu: input.menuId ? menus.get(input.menuId) : undefined,
    activeMenu: input.activeMenuId ? menus.get(input.activeMenuId) : undefined,
  };
};

/**
 * Evaluates a visibility condition exactly as the shell does (spec section 5): the shell's parser
 * and evaluator from contracts, the user as GET /ump/currUserInfo answers for that member of that
 * tenant, the item as the shell's normalisation gives it as currentMenu, another item as activeMenu.
 */
export const evaluateCondition = (
  condition: string,
  { currentMenu, activeMenu }: ConditionMenus,
  currentUser: CurrentUser,
): MenuConditionCheck => {
  const source = condition.trim();
  const error = source === '' ? null : conditionSyntaxError(source);
  return {
    valid: error === null,
    error,
    visible: isMenuVisible(source, {
      activeMenu: activeMenu ?? null,
      currentMenu: currentMenu ?? null,
      currentUser,
    }),
    scope: { currentUser, currentMenu: shown(currentMenu), activeMenu: shown(activeMenu) },
  };
};
