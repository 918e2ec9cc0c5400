import { bigint, boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { applications } from '../applications/schema';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Menu items of applications (migrations 0001 and 0024). tenantId NULL: the platform's global
 * catalogue, read by every scope and written by the platform only; a tenant's id: a public item
 * that tenant added for itself (row-level security lets only that tenant see and write it).
 */
export const menuItems = pgTable('menu_items', {
  id: text('id').primaryKey(),
  applicationId: text('application_id')
    .notNull()
    .references(() => applications.id),
  parentId: text('parent_id'),
  name: text('name').notNull(),
  /** The English name (migration 0047); null: the Chinese name in every language. */
  nameEn: text('name_en'),
  link: text('link'),
  /** What the mobile page opens (migration 0051); null: the item's page full-screen. */
  mobileLink: text('mobile_link'),
  effectDrawing: text('effect_drawing'),
  sort: integer('sort').notNull().default(0),
  reload: boolean('reload').notNull().default(false),
  monitor: boolean('monitor').notNull().default(false),
  monitorUrl: text('monitor_url'),
  menuStyle: integer('menu_style'),
  internalNetwork: text('internal_network'),
  externalNetwork: text('external_network'),
  operatingManual: text('operating_manual'),
  target: text('target'),
  type: text('type', { enum: ['panel', 'button'] }),
  visibleCondition: text('visible_condition'),
  disabled: boolean('disabled').notNull().default(false),
  isPublic: boolean('is_public').notNull().default(false),
  createdAt: createdAt(),
  tenantId: text('tenant_id'),
  fullLink: text('full_link'),
  menuVersion: text('menu_version'),
  permission: text('permission'),
  effectDrawingFileId: text('effect_drawing_file_id'),
  manualFileId: text('manual_file_id'),
  version: integer('version').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// The shell's menu trees (migration 0004_menus.sql).

/** The admin console's menu (admin.html); platform-only items are shown to platform admins only. */
export const adminMenuItems = pgTable('admin_menu_items', {
  id: text('id').primaryKey(),
  parentId: text('parent_id'),
  name: text('name').notNull(),
  /** The English name (migration 0047); null: the Chinese name in every language. */
  nameEn: text('name_en'),
  link: text('link'),
  sort: integer('sort').notNull().default(0),
  platformOnly: boolean('platform_only').notNull().default(false),
  /** The permission code that shows a platform page to an operator (migration 0011). */
  permission: text('permission'),
  target: text('target'),
  menuStyle: integer('menu_style'),
  visibleCondition: text('visible_condition'),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: createdAt(),
});

/** Bumped by triggers whenever applications, global menu items or the admin menu change. */
export const menuCatalogueVersion = pgTable('menu_catalogue_version', {
  singleton: boolean('singleton').primaryKey().default(true),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * Bumped by triggers whenever a tenant's empowered applications, grants, members' roles or own
 * menu items change.
 */
export const tenantMenuVersions = pgTable('tenant_menu_versions', {
  tenantId: text('tenant_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
