import { boolean, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Migration 0009: a package, a set of menu items of the global catalogue (platform data). */
export const packages = pgTable('packages', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique('packages_name_key'),
  remark: text('remark'),
  status: text('status', { enum: ['active', 'disabled'] })
    .notNull()
    .default('active'),
  /** Migration 0049: what a new tenant holds when its creator names no package (at most one, active). */
  isDefault: boolean('is_default').notNull().default(false),
  version: integer('version').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const packageMenuItems = pgTable(
  'package_menu_items',
  {
    packageId: text('package_id').notNull(),
    menuId: text('menu_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.menuId] })],
);

/** The packages a tenant holds (tenant-owned, under row-level security). */
export const tenantPackages = pgTable(
  'tenant_packages',
  {
    tenantId: text('tenant_id').notNull(),
    packageId: text('package_id').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }),
    seatLimit: integer('seat_limit'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.packageId] })],
);
