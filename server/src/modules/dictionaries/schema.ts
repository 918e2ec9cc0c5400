import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * Migration 0026: dictionaries (/umpDict). The platform's types and items are read by every tenant;
 * a tenant keeps only its own types, its own items (on its types or on an extendable platform type)
 * and its overrides of platform items that are not locked.
 */

const status = () =>
  text('status', { enum: ['active', 'disabled'] })
    .notNull()
    .default('active');
const version = () => integer('version').notNull().default(0);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const platformDictionaryTypes = pgTable('platform_dictionary_types', {
  id: text('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  nameEn: text('name_en'),
  remark: text('remark'),
  status: status(),
  /** Tenants may add their own items to it. */
  extendable: boolean('extendable').notNull().default(false),
  version: version(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const platformDictionaryItems = pgTable('platform_dictionary_items', {
  id: text('id').primaryKey(),
  typeId: text('type_id').notNull(),
  value: text('value').notNull(),
  label: text('label').notNull(),
  labelEn: text('label_en'),
  sort: integer('sort').notNull().default(0),
  color: text('color'),
  status: status(),
  /** Tenants cannot change it. */
  locked: boolean('locked').notNull().default(false),
  remark: text('remark'),
  version: version(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const tenantDictionaryTypes = pgTable(
  'tenant_dictionary_types',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    remark: text('remark'),
    status: status(),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** A tenant's own item: on one of its types, or on an extendable platform type (exactly one is set). */
export const tenantDictionaryItems = pgTable(
  'tenant_dictionary_items',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    platformTypeId: text('platform_type_id'),
    tenantTypeId: text('tenant_type_id'),
    value: text('value').notNull(),
    label: text('label').notNull(),
    labelEn: text('label_en'),
    sort: integer('sort').notNull().default(0),
    color: text('color'),
    status: status(),
    remark: text('remark'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** A tenant's change to a platform item; a null field follows the platform. */
export const tenantDictionaryOverrides = pgTable(
  'tenant_dictionary_overrides',
  {
    tenantId: text('tenant_id').notNull(),
    itemId: text('item_id').notNull(),
    label: text('label'),
    labelEn: text('label_en'),
    sort: integer('sort'),
    color: text('color'),
    status: text('status', { enum: ['active', 'disabled'] }),
    version: integer('version').notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.itemId] })],
);
