import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * Migration 0026: parameters (/umpParameters). The platform defines each parameter with its default;
 * a tenant keeps only its value. A secret's value lives in `secret_value`, which no answer selects.
 */

export const PARAMETER_TYPE_VALUES = ['text', 'number', 'boolean', 'choice', 'json', 'secret'] as const;

export const platformParameters = pgTable('platform_parameters', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  type: text('type', { enum: PARAMETER_TYPE_VALUES }).notNull(),
  /** The default as text; null for a secret. */
  value: text('value'),
  secretValue: text('secret_value'),
  choices: jsonb('choices').notNull().default([]),
  description: text('description'),
  builtin: boolean('builtin').notNull().default(false),
  clientReadable: boolean('client_readable').notNull().default(false),
  tenantEditable: boolean('tenant_editable').notNull().default(false),
  version: integer('version').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A tenant's value of a platform parameter; both values null: the platform default applies. */
export const tenantParameterValues = pgTable(
  'tenant_parameter_values',
  {
    tenantId: text('tenant_id').notNull(),
    parameterId: text('parameter_id').notNull(),
    value: text('value'),
    secretValue: text('secret_value'),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.parameterId] })],
);
