import type { AdminContext } from '../../platform/admin/resource-routes';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { tenantUsersRepo as repo } from './repo';

/**
 * An account's credentials (password, lock-out) are its owner's: a tenant's only when the account
 * belongs to that tenant alone, the platform's otherwise (docs/decisions.md, "Accounts and
 * delegation"). The platform's administrators act on any account.
 */
export const assertTenantOwnsAccount = async (tx: Tx, ctx: AdminContext, accountId: string) => {
  const { operator } = ctx;
  if (operator.platformAdmin || operator.tenantId === null) return;
  if (!(await repo.accountOwned(tx, operator.tenantId, accountId))) throw new AppError('ACCOUNT_NOT_OWNED');
};
