import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
// Issue 16: watermark trace ids
import { watermarkTraces } from '../modules/access-logs/schema';
import {
  apiAccessLogs,
  apiClientDailyCalls,
  apiClients,
  apiClientTokens,
} from '../modules/api-clients/schema';
import { applications } from '../modules/applications/schema';
import { clientInfoColumns } from '../modules/client-info/schema';
import { departments } from '../modules/departments/schema';
import {
  platformDictionaryItems,
  platformDictionaryTypes,
  tenantDictionaryItems,
  tenantDictionaryOverrides,
  tenantDictionaryTypes,
} from '../modules/dictionaries/schema';
import { fileLinkKeys, fileReferences, files, fileUsage } from '../modules/files/schema';
// Issue 15: home and workbench
import { homeWidgetSettings, workbenchLayouts } from '../modules/home/schema';
import { loginFootprints } from '../modules/login-logs/schema';
import { adminMenuItems, menuCatalogueVersion, menuItems, tenantMenuVersions } from '../modules/menus/schema';
// Issue 15: the message outbox and templated sending
import { messageOutbox } from '../modules/messages/outbox-schema';
import {
  messageClasses,
  messagePreferences,
  messageTemplates,
  userMessages,
} from '../modules/messages/schema';
import { noticeReads, notices, platformNotices } from '../modules/notices/schema';
import { packageMenuItems, packages, tenantPackages } from '../modules/packages/schema';
import { platformParameters, tenantParameterValues } from '../modules/parameters/schema';
import { accountPlatformRoles, platformRoles } from '../modules/platform-access/schema';
import { platformSettingsHistory } from '../modules/platform-settings/schema';
import {
  searchDocuments,
  searchIndex,
  searchPending,
  searchQueryStats,
  searchSettings,
} from '../modules/search/schema';
// Issue 16: statistics and retention
import {
  dailyActiveAccounts,
  loginDailyStats,
  logMaintenanceRuns,
  logRollupDays,
  tenantLogRetention,
  tenantRunningTotals,
  visitDailyItems,
  visitDailyStats,
} from '../modules/statistics/schema';
import { tenantSecurityPolicies, tenantSettingsHistory } from '../modules/tenant-settings/schema';
import { tenantDomains, tenantTotals } from '../modules/tenants/schema';
import { todos } from '../modules/todos/schema';
import { appVersionReleases, appVersionReleaseTenants, appVersions } from '../modules/versions/schema';
import { operationLogs } from '../platform/admin/schema';
import { jobs } from '../platform/jobs/schema';

/*
 * Typed view of the tables created by the committed SQL migrations in ./migrations.
 * The migrations are the source of truth; schema.int.test.ts checks this file matches them.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// Platform-level tables (reached only through platform code paths).

export const tenants = pgTable('tenants', {
  id: text('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull().unique(),
  domain: text('domain').unique(),
  cloud: text('cloud').notNull().default('1'),
  sysType: text('sys_type').notNull().default('s1'),
  status: text('status', { enum: ['active', 'disabled'] })
    .notNull()
    .default('active'),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  allowSelfRegistration: boolean('allow_self_registration').notNull().default(false),
  legacyLoginUrl: text('legacy_login_url'),
  legacyBulletinUrl: text('legacy_bulletin_url'),
  twoFactorRequired: boolean('two_factor_required').notNull().default(false),
  contactName: text('contact_name'),
  contactPhone: text('contact_phone'),
  shortName: text('short_name'),
  seatLimit: integer('seat_limit'),
  /** Migration 0052 (issue 25): the IANA zone the tenant's people read every time in. */
  timeZone: text('time_zone').notNull().default('Asia/Shanghai'),
  version: integer('version').notNull().default(0),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  deletedBy: text('deleted_by'),
  memberCount: integer('member_count').notNull().default(0),
  /** Every domain of tenant_domains, one a line, kept by a trigger: the list's domain filter (0015). */
  domainsText: text('domains_text').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const accounts = pgTable('accounts', {
  id: text('id').primaryKey(),
  sn: text('sn').notNull().unique(),
  username: text('username').notNull().unique(),
  mobile: text('mobile').unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash'),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  isPlatformAdmin: boolean('is_platform_admin').notNull().default(false),
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  status: text('status', { enum: ['active', 'disabled'] })
    .notNull()
    .default('active'),
  version: integer('version').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const rsaKeys = pgTable('rsa_keys', {
  id: text('id').primaryKey(),
  publicKeyPem: text('public_key_pem').notNull(),
  privateKeyPem: text('private_key_pem').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  familyId: text('family_id').notNull(),
  accountId: text('account_id')
    .notNull()
    .references(() => accounts.id),
  tenantId: text('tenant_id').references(() => tenants.id),
  accessTokenHash: text('access_token_hash').notNull().unique(),
  refreshTokenHash: text('refresh_token_hash').notNull().unique(),
  accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
  refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }).notNull(),
  rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  channel: text('channel').notNull().default('web'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  purpose: text('purpose', { enum: ['full', 'change_password'] })
    .notNull()
    .default('full'),
  createdAt: createdAt(),
});

// Tenant-owned tables (row-level security on tenant_id).

export const tenantMemberships = pgTable(
  'tenant_memberships',
  {
    tenantId: text('tenant_id').notNull(),
    accountId: text('account_id').notNull(),
    /** 'invited': an existing account asked to join, which grants nothing until its holder accepts. */
    status: text('status', { enum: ['active', 'disabled', 'invited'] })
      .notNull()
      .default('active'),
    /** Migration 0016: the member's place in the tree, how they came, and what the user pages show. */
    departmentId: text('department_id'),
    source: text('source', { enum: ['registration', 'import', 'admin', 'qr', 'sms', 'seed'] })
      .notNull()
      .default('admin'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    lastSignInIp: text('last_sign_in_ip'),
    /** Migration 0021: the account's searchable text (lower case), kept by triggers; the list's `q`. */
    searchText: text('search_text').notNull().default(''),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.accountId] })],
);

export const roles = pgTable(
  'roles',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** Migration 0016: the role page's fields, the tenant permission codes and the data scope. */
    sort: integer('sort').notNull().default(0),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    remark: text('remark'),
    permissions: text('permissions').array().notNull().default([]),
    dataScope: text('data_scope', {
      enum: ['all', 'custom', 'department', 'department_and_below', 'self'],
    })
      .notNull()
      .default('all'),
    builtin: boolean('builtin').notNull().default(false),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const membershipRoles = pgTable(
  'membership_roles',
  {
    tenantId: text('tenant_id').notNull(),
    accountId: text('account_id').notNull(),
    roleId: text('role_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.accountId, t.roleId] })],
);

/** Migration 0016: the departments a role with the 'custom' data scope covers. */
export const roleDepartments = pgTable(
  'role_departments',
  {
    tenantId: text('tenant_id').notNull(),
    roleId: text('role_id').notNull(),
    departmentId: text('department_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.roleId, t.departmentId] })],
);

export const tenantLoginConfigs = pgTable('tenant_login_configs', {
  tenantId: text('tenant_id').primaryKey(),
  config: jsonb('config').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const tenantApplications = pgTable(
  'tenant_applications',
  {
    tenantId: text('tenant_id').notNull(),
    applicationId: text('application_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.applicationId] })],
);

export const roleMenuGrants = pgTable(
  'role_menu_grants',
  {
    tenantId: text('tenant_id').notNull(),
    roleId: text('role_id').notNull(),
    menuId: text('menu_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.roleId, t.menuId] })],
);

export const loginLogs = pgTable(
  'login_logs',
  {
    tenantId: text('tenant_id'),
    id: text('id').notNull(),
    accountId: text('account_id'),
    username: text('username').notNull(),
    mode: text('mode').notNull(),
    result: text('result', { enum: ['success', 'failure'] }).notNull(),
    errorCode: text('error_code'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    channel: text('channel').notNull().default('web'),
    createdAt: createdAt(),
    // Issue 16: region and device parsed at write time (migrations 0036 and 0038).
    ...clientInfoColumns(),
    flags: text('flags').array().notNull().default(sql`'{}'`),
  },
  // Issue 16: partitioned by month (migration 0038), so the key holds created_at.
  (t) => [primaryKey({ columns: [t.id, t.createdAt] })],
);

// The shell's server calls (migration 0005_shell.sql).

/** Usage logs: tenant_id NULL for a visitor on the platform's own pages (platform paths only). */
export const usageLogs = pgTable(
  'usage_logs',
  {
    tenantId: text('tenant_id'),
    id: text('id').notNull(),
    accountId: text('account_id'),
    visitorId: text('visitor_id'),
    /** A log posted with an application's API credential (migration 0010). */
    apiClientId: text('api_client_id'),
    userName: text('user_name').notNull(),
    source: text('source').notNull(),
    type: smallint('type').notNull(),
    applicationId: text('application_id').notNull(),
    applicationName: text('application_name'),
    functionId: text('function_id'),
    functionName: text('function_name'),
    path: text('path'),
    result: smallint('result').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    // Issue 16: region and device parsed at write time (migrations 0036 and 0038).
    ...clientInfoColumns(),
  },
  // Issue 16: partitioned by month (migration 0038), so the key holds created_at.
  (t) => [primaryKey({ columns: [t.id, t.createdAt] })],
);

// Log rows the database refused (migration 0006_log_dead_letters.sql); platform scope only.
export const logDeadLetters = pgTable('log_dead_letters', {
  id: text('id').primaryKey(),
  /** The batch writer that set the row aside: 'login-log', 'usage-logs'. */
  writer: text('writer').notNull(),
  sqlState: text('sql_state'),
  reason: text('reason').notNull(),
  /** The refused row, with NUL characters and lone surrogates escaped as text. */
  rowData: jsonb('row_data').notNull(),
  createdAt: createdAt(),
});

export const schema = {
  loginLogs,
  tenants,
  accounts,
  platformSettings,
  rsaKeys,
  sessions,
  applications,
  menuItems,
  tenantMemberships,
  roles,
  membershipRoles,
  tenantLoginConfigs,
  tenantApplications,
  roleMenuGrants,
  roleDepartments,
  usageLogs,
  logDeadLetters,
  adminMenuItems,
  menuCatalogueVersion,
  tenantMenuVersions,
  // Tables declared beside their domain.
  operationLogs,
  platformRoles,
  accountPlatformRoles,
  tenantDomains,
  tenantSecurityPolicies,
  tenantSettingsHistory,
  tenantTotals,
  packages,
  packageMenuItems,
  tenantPackages,
  jobs,
  apiClients,
  apiClientTokens,
  apiClientDailyCalls,
  apiAccessLogs,
  platformSettingsHistory,
  departments,
  appVersions,
  appVersionReleases,
  appVersionReleaseTenants,
  searchDocuments,
  searchIndex,
  searchPending,
  searchSettings,
  searchQueryStats,
  files,
  fileReferences,
  fileUsage,
  fileLinkKeys,
  platformDictionaryTypes,
  platformDictionaryItems,
  tenantDictionaryTypes,
  tenantDictionaryItems,
  tenantDictionaryOverrides,
  platformParameters,
  tenantParameterValues,
  // Issue 15: notices, to-dos and messages
  notices,
  platformNotices,
  noticeReads,
  todos,
  messageClasses,
  messageTemplates,
  userMessages,
  messagePreferences,
  // Issue 15: home and workbench
  homeWidgetSettings,
  workbenchLayouts,
  // Issue 15: the message outbox and templated sending
  messageOutbox,
  // Issue 16: login log
  loginFootprints,
  // Issue 16: watermark trace ids
  watermarkTraces,
  // Issue 16: statistics and retention
  loginDailyStats,
  visitDailyStats,
  visitDailyItems,
  dailyActiveAccounts,
  logRollupDays,
  logMaintenanceRuns,
  tenantLogRetention,
  tenantRunningTotals,
};
