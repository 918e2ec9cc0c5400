import { eq } from 'drizzle-orm';
import { accounts } from '../../src/db/schema';
import type { Database } from '../../src/platform/db/database';
import type { TestApp } from './test-app';

export const accountIdOf = async (db: Database, username: string): Promise<string> => {
  const [row] = await db.asPlatform((tx) =>
    tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.username, username)),
  );
  if (!row) throw new Error(`no account ${username}`);
  return row.id;
};

/** A bearer token for a seeded user, issued the way sign-in issues it. */
export const tokenFor = async (app: TestApp, db: Database, username: string, tenantId: string | null) => {
  const issued = await app.services.sessions.issue({ accountId: await accountIdOf(db, username), tenantId });
  return issued.token;
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
