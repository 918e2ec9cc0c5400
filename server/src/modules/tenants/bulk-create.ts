import { randomBytes } from 'node:crypto';
import type { TenantCreate, TenantRow } from '@uniwim/contracts';
import { inArray } from 'drizzle-orm';
import { accounts, membershipRoles, roles, tenantMemberships, tenants } from '../../db/schema';
import type { BulkOutcome } from '../../platform/admin/import-rows';
import { newId } from '../../platform/crypto/tokens';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { giveDefaultPackage } from '../packages/tenant-packages';
import { tenantsAdminRepo as repo } from './admin-repo';
import { administratorPlacement, provisionTenants } from './provision';
import { tenantDomains } from './schema';

/** Rows per multi-row INSERT: well under PostgreSQL's 65,535 parameters for the widest table. */
const INSERT_BATCH = 1_000;

const duplicate = (path: string, message: string) => new AppError('DUPLICATE', message, [{ path, message }]);

const insertInBatches = async <T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) => {
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    await insert(rows.slice(start, start + INSERT_BATCH));
  }
};

interface AdminAccount {
  id: string;
  username: string;
  isNew: boolean;
}

/**
 * Creates many tenants at once, as an import does, with the guards of the single create decided
 * set-based: a code, name or domain already taken (by another tenant or an earlier row of the same
 * batch), an administrator's generated account name taken. Each administrator is the existing
 * account with that mobile or a new one without a password (as in any import), and gets the
 * tenant's administrator role and the platform's default package. Then a few multi-row INSERTs per
 * table instead of a dozen statements per tenant. Outcomes come back in the order of the inputs.
 */
export const createTenantsInBulk = async (
  tx: Tx,
  inputs: TenantCreate[],
  adminRole: { code: string; name: string },
): Promise<BulkOutcome<TenantRow>[]> => {
  const outcomes: (BulkOutcome<TenantRow> | undefined)[] = inputs.map(() => undefined);
  const codes = inputs.map((input) => input.code);
  const names = inputs.map((input) => input.name);
  const domains = inputs.flatMap((input) => input.domains ?? []);
  const mobiles = inputs.map((input) => input.admin.mobile);
  const usernames = inputs.map((input) => input.admin.username ?? `${input.code}.admin`);

  // One query per guard for the whole batch (one after another: a transaction is one connection).
  const takenIds = await tx
    .select({ id: tenants.id })
    .from(tenants)
    .where(
      inArray(
        tenants.id,
        codes.map((code) => `t-${code}`),
      ),
    );
  const takenNames = await tx
    .select({ name: tenants.name })
    .from(tenants)
    .where(inArray(tenants.name, names));
  const takenDomains =
    domains.length === 0
      ? []
      : await tx
          .select({ domain: tenantDomains.domain })
          .from(tenantDomains)
          .where(inArray(tenantDomains.domain, domains));
  const byMobile = await tx
    .select({ id: accounts.id, username: accounts.username, mobile: accounts.mobile })
    .from(accounts)
    .where(inArray(accounts.mobile, mobiles));
  const takenUsernames = await tx
    .select({ username: accounts.username })
    .from(accounts)
    .where(inArray(accounts.username, usernames));
  const usedIds = new Set(takenIds.map((row) => row.id));
  const usedNames = new Set(takenNames.map((row) => row.name));
  const usedDomains = new Set(takenDomains.map((row) => row.domain));
  const usedUsernames = new Set(takenUsernames.map((row) => row.username));
  const accountsByMobile = new Map<string, AdminAccount>(
    byMobile.map((row) => [row.mobile!, { id: row.id, username: row.username, isNew: false }]),
  );

  const accepted: { index: number; input: TenantCreate; id: string; admin: AdminAccount }[] = [];
  /** The guard that refuses this row, given what earlier rows took; undefined when it may go in. */
  const refusal = (input: TenantCreate, index: number): AppError | undefined => {
    if (usedIds.has(`t-${input.code}`)) return duplicate('body.code', '编码已存在');
    if (usedNames.has(input.name)) return duplicate('body.name', '租户名称已存在');
    const takenDomain = (input.domains ?? []).find((domain) => usedDomains.has(domain));
    if (takenDomain) return duplicate('body.domains', `域名已被其他租户使用：${takenDomain}`);
    if (!accountsByMobile.has(input.admin.mobile) && usedUsernames.has(usernames[index]!)) {
      return new AppError('USERNAME_TAKEN', `账号已存在：${usernames[index]}`, [
        { path: 'body.admin.username', message: '账号已存在' },
      ]);
    }
    return undefined;
  };
  for (const [index, input] of inputs.entries()) {
    const error = refusal(input, index);
    if (error) {
      outcomes[index] = { error };
      continue;
    }
    const id = `t-${input.code}`;
    const admin = accountsByMobile.get(input.admin.mobile) ?? {
      id: newId('acc-'),
      username: usernames[index]!,
      isNew: true,
    };
    // What this row takes, later rows of the batch find taken.
    usedIds.add(id);
    usedNames.add(input.name);
    for (const domain of input.domains ?? []) usedDomains.add(domain);
    usedUsernames.add(admin.username);
    accountsByMobile.set(input.admin.mobile, admin);
    accepted.push({ index, input, id, admin });
  }

  const newAccounts = new Map<string, { input: TenantCreate; admin: AdminAccount }>();
  for (const row of accepted) {
    if (row.admin.isNew && !newAccounts.has(row.admin.id)) newAccounts.set(row.admin.id, row);
  }
  await insertInBatches(accepted, (batch) =>
    tx.insert(tenants).values(
      batch.map(({ input, id }) => ({
        id,
        code: input.code,
        name: input.name,
        contactName: input.contactName ?? null,
        contactPhone: input.contactPhone ?? null,
        seatLimit: input.seatLimit ?? null,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
        // The first domain is the primary one; a trigger lists it in tenant_domains (migration 0007).
        domain: input.domains?.[0] ?? null,
      })),
    ),
  );
  const otherDomains = accepted.flatMap(({ input, id }) =>
    (input.domains ?? []).slice(1).map((domain) => ({ domain, tenantId: id })),
  );
  await insertInBatches(otherDomains, (batch) => tx.insert(tenantDomains).values(batch));
  await insertInBatches([...newAccounts.values()], (batch) =>
    tx.insert(accounts).values(
      batch.map(({ input, admin }) => ({
        id: admin.id,
        sn: `SN${randomBytes(5).toString('hex').toUpperCase()}`,
        username: admin.username,
        mobile: input.admin.mobile,
        name: input.admin.name ?? `${input.name}管理员`,
        passwordHash: null,
        mustChangePassword: true,
      })),
    ),
  );
  await insertInBatches(accepted, (batch) =>
    tx
      .insert(roles)
      .values(batch.map(({ id }) => ({ tenantId: id, id: `${id}-admin`, ...adminRole, isAdmin: true }))),
  );
  await provisionTenants(
    tx,
    accepted.map(({ id, input }) => ({ id, name: input.name })),
  );
  await insertInBatches(accepted, (batch) =>
    tx
      .insert(tenantMemberships)
      .values(
        batch.map(({ id, admin }) => ({ tenantId: id, accountId: admin.id, ...administratorPlacement(id) })),
      ),
  );
  await insertInBatches(accepted, (batch) =>
    tx
      .insert(membershipRoles)
      .values(batch.map(({ id, admin }) => ({ tenantId: id, accountId: admin.id, roleId: `${id}-admin` }))),
  );

  // Rows that name packages take the single create; these get the platform's default package.
  await giveDefaultPackage(
    tx,
    accepted.map(({ id }) => id),
  );

  const created = new Map<string, TenantRow>();
  for (let start = 0; start < accepted.length; start += INSERT_BATCH) {
    const batch = accepted.slice(start, start + INSERT_BATCH).map(({ input }) => input.code);
    for (const row of await repo.findByCodes(tx, batch)) created.set(row.code, row);
  }
  for (const { index, input } of accepted) outcomes[index] = { row: created.get(input.code)! };
  return outcomes as BulkOutcome<TenantRow>[];
};
