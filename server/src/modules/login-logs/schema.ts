import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Regions and devices an account has signed in from (migration 0036); platform scope only. */
export const loginFootprints = pgTable(
  'login_footprints',
  {
    accountId: text('account_id').notNull(),
    kind: text('kind', { enum: ['region', 'device'] }).notNull(),
    key: text('key').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.kind, t.key] })],
);
