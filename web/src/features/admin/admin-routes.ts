import {
  type AdminScope,
  adminPageOf,
  messageClassesResource,
  platformUserLedgerResource,
  type ResourceDeclaration,
  tenantLedgerResource,
  todosResource,
  userLedgerResource,
} from '@uniwim/contracts';
import type { ComponentType } from 'react';
import { loginLogPage, platformLoginLogPage } from '../login-log/login-log-page';
import SearchSettingsView from '../search/SearchSettingsView';
// Issue 16: statistics
import { PlatformLoginStatisticsView, TenantLoginStatisticsView } from '../statistics/LoginStatisticsPage';
import { PlatformVisitStatisticsView, TenantVisitStatisticsView } from '../statistics/VisitStatisticsPage';
import TodoListView from '../todos/TodoListView';
// Issue 16: statistics
import {
  // Issue 16: access logs and the watermark log
  PLATFORM_ACCESS_LOGS_PATH,
  PLATFORM_DICTIONARIES_PATH,
  PLATFORM_FILES_PATH,
  PLATFORM_LOGIN_LOG_PATH,
  PLATFORM_LOGIN_STATISTICS_PATH,
  PLATFORM_NOTICES_PATH,
  PLATFORM_PARAMETERS_PATH,
  PLATFORM_USER_LEDGER_PATH,
  PLATFORM_VISIT_STATISTICS_PATH,
  PLATFORM_WATERMARK_LOGS_PATH,
  TENANT_MENUS_PATH,
} from './admin-route-paths';
// Issue 16: access logs and the watermark log
import {
  accessLogsPage,
  platformAccessLogsPage,
  platformWatermarkLogsPage,
  watermarkLogsPage,
} from './pages/access-logs/access-logs-page';
import { apiClientsPage } from './pages/api-clients-page';
import { applicationsPage } from './pages/applications/applications-page';
import { platformDictionariesPage, tenantDictionariesPage } from './pages/dictionaries/dictionaries-page';
import { platformFilesPage, tenantFilesPage } from './pages/files/files-page';
import { menusPage, tenantMenusPage } from './pages/menus/menus-page';
import { messageTemplatesPage } from './pages/messages/message-templates-page';
import { noticesPage, platformNoticesPage } from './pages/notices/notices-page';
import { packagesPage } from './pages/packages-page';
import { platformParametersPage, tenantParametersPage } from './pages/parameters/parameters-page';
import { platformUsersPage } from './pages/platform-users-page';
import { rolesPage } from './pages/roles/roles-page';
import { tenantUsersPage } from './pages/tenant-users-page';
import { tenantsPage } from './pages/tenants-page';
import { versionsPage } from './pages/versions/versions-page';
import type { DetailCustomisation } from './RecordDetail';
import type { FormCustomisation } from './RecordForm';
import type { PageExtras } from './ResourcePage';

/** One resource shown on a page, with what is special about its form, its detail and its list. */
export interface ResourceTab extends FormCustomisation, DetailCustomisation, PageExtras {
  declaration: ResourceDeclaration;
}

/** An admin route's page: one resource, or several as tabs (platform users and their roles). */
export interface AdminPageDefinition {
  tabs: readonly ResourceTab[];
  /** A page laid out by its own component (the user page: the department tree beside the list). */
  view?: ComponentType;
  /**
   * The code without which the page is refused before its view asks anything (issue 25). A page
   * laid out by its own component needs it: its parts ask their own APIs. Undefined: the first
   * tab's list code for such a page (each tab of a plain page checks its own); null: none (a page
   * every member may open, as the to-do inbox).
   */
  permission?: string | null;
}

/** An admin page as an address opens it: its definition, its registry key and whose data it shows. */
export interface ResolvedAdminPage extends AdminPageDefinition {
  key: string;
  scope: AdminScope | null;
}

const single = (declaration: ResourceDeclaration): AdminPageDefinition => ({ tabs: [{ declaration }] });

/** What each admin resource route shows; a route not listed still shows "功能开发中". */
export const ADMIN_RESOURCE_ROUTES: Readonly<Record<string, AdminPageDefinition>> = {
  '/dmpTenantManage': tenantsPage,
  '/dmpEmpower': packagesPage,
  '/dmpInterfaceAuthorization': apiClientsPage,
  '/dmpUser': platformUsersPage,
  '/umpApplicationManager': applicationsPage,
  '/umpApplicationMenu': menusPage,
  '/tenantLedger': single(tenantLedgerResource),
  '/umpUser': tenantUsersPage,
  '/umpRoleManager': rolesPage,
  '/userLedger': single(userLedgerResource),
  '/umpVersioning': versionsPage,
  // The header search's settings (issue 14): one record of typed parts, a view of its own.
  '/searchSet': { tabs: [], view: SearchSettingsView, permission: 'search-settings:read' },
  '/resourceManagement': tenantFilesPage,
  '/umpDict': tenantDictionariesPage,
  '/umpParameters': tenantParametersPage,
  // Issue 15: notices.
  '/umpNotice': noticesPage,
  // Issue 15: messages and to-dos (the member's inbox, and every member's for administrators)
  '/todoList': { tabs: [{ declaration: todosResource }], view: TodoListView, permission: null },
  '/messageMessageClass': single(messageClassesResource),
  '/messageMessageTemplate': messageTemplatesPage,
  // Issue 16: login log
  '/loginLog': loginLogPage,
  // Issue 16: access logs (usage, operations, API calls) and the watermark log
  '/accessLogs': accessLogsPage,
  '/ump/waterLog': watermarkLogsPage,
  // Issue 16: statistics (a tenant's own)
  '/loginStatistics': { tabs: [], view: TenantLoginStatisticsView, permission: 'statistics:view' },
  '/systemVisitStatistics': { tabs: [], view: TenantVisitStatisticsView, permission: 'statistics:view' },
};

/** A route opened with its scope in the query, shown instead of the route's own page. */
export const ADMIN_SCOPED_ROUTES: Readonly<Record<string, AdminPageDefinition>> = {
  // The platform's menu opens every tenant's register (admin_menu_items, migration 0020).
  [PLATFORM_USER_LEDGER_PATH]: single(platformUserLedgerResource),
  // A tenant administrator's entry (admin_menu_items, migration 0024): the tenant's own public items.
  [TENANT_MENUS_PATH]: tenantMenusPage,
  // The platform's own files (migration 0027's menu entry).
  [PLATFORM_FILES_PATH]: platformFilesPage,
  // The platform's menu opens its dictionaries and parameters (admin_menu_items, migration 0026).
  [PLATFORM_DICTIONARIES_PATH]: platformDictionariesPage,
  [PLATFORM_PARAMETERS_PATH]: platformParametersPage,
  // Issue 15: the platform's notices (admin_menu_items, migration 0029).
  [PLATFORM_NOTICES_PATH]: platformNoticesPage,
  // Issue 16: every tenant's login log (admin_menu_items, migration 0036).
  [PLATFORM_LOGIN_LOG_PATH]: platformLoginLogPage,
  // Issue 16: every tenant's access logs and watermark log
  [PLATFORM_ACCESS_LOGS_PATH]: platformAccessLogsPage,
  [PLATFORM_WATERMARK_LOGS_PATH]: platformWatermarkLogsPage,
  // Issue 16: statistics of every tenant (admin_menu_items, migration 0038).
  [PLATFORM_LOGIN_STATISTICS_PATH]: {
    tabs: [],
    view: PlatformLoginStatisticsView,
    permission: 'statistics:view',
  },
  [PLATFORM_VISIT_STATISTICS_PATH]: {
    tabs: [],
    view: PlatformVisitStatisticsView,
    permission: 'statistics:view',
  },
};

/**
 * Issue 25: the page an address opens, by its route and its declared parameter (scope) alone; the
 * frame's parameters (token, component_title, menu ids…) never change which page it is. Undefined
 * for an address that names no admin page (page.html shows its not-found page).
 */
export const resolveAdminPage = (pathname: string, search: string): ResolvedAdminPage | undefined => {
  const address = adminPageOf(`${pathname}${search}`);
  if (!address) return undefined;
  const page = address.requestedScope
    ? ADMIN_SCOPED_ROUTES[address.key]
    : ADMIN_RESOURCE_ROUTES[address.path];
  return page && { ...page, key: address.key, scope: address.scope };
};

/** The code that opens a page before its view asks anything (see AdminPageDefinition.permission). */
export const openingPermissionOf = (page: AdminPageDefinition): string | null => {
  if (page.permission !== undefined) return page.permission;
  return page.view ? (page.tabs[0]?.declaration.permissions.list ?? null) : null;
};
