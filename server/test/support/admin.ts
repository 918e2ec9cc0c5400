import { eq } from 'drizzle-orm';
import { accounts } from '../../src/db/schema';
import { accountPlatformRoles, platformRoles } from '../../src/modules/platform-access/schema';
import { hashPassword } from '../../src/platform/crypto/passwords';
import type { Database } from '../../src/platform/db/database';
import { bearer, tokenFor } from './fixtures';
import type { TestApp } from './test-app';

/**
 * A platform operator holding exactly `codes` through one platform role (what the platform-users
 * page sets up), with a bearer token of a platform-scope session.
 */
export const platformOperator = async (app: TestApp, db: Database, username: string, codes: string[]) => {
  const accountId = `acc-${username}`;
  const roleId = `prole-${username}`;
  await db.asPlatform(async (tx) => {
    await tx.insert(accounts).values({
      id: accountId,
      sn: `SN-${username}`,
      username,
      name: username,
      passwordHash: await hashPassword('Operator-Passw0rd!'),
    });
    await tx.insert(platformRoles).values({ id: roleId, code: roleId, name: roleId, permissions: codes });
    await tx.insert(accountPlatformRoles).values({ accountId, roleId });
  });
  return bearer(await tokenFor(app, db, username, null));
};

export const setOperatorCodes = (db: Database, username: string, codes: string[]) =>
  db.asPlatform((tx) =>
    tx
      .update(platformRoles)
      .set({ permissions: codes })
      .where(eq(platformRoles.id, `prole-${username}`)),
  );
