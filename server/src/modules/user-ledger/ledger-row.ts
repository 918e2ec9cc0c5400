import { USER_LEDGER_DORMANT_DAYS, USER_LEDGER_EXPIRING_DAYS, type UserLedgerRow } from '@uniwim/contracts';

const DAY_MS = 86_400_000;

/** A member as the register's query reads it (dates as the driver gives them). */
export interface LedgerSelect {
  tenantId: string;
  tenantName: string;
  accountId: string;
  username: string;
  name: string;
  departmentId: string | null;
  departmentName: string | null;
  roleNames: string[];
  memberStatus: 'active' | 'disabled';
  accountStatus: 'active' | 'disabled';
  source: UserLedgerRow['source'];
  createdAt: Date | string;
  lastSignInAt: Date | string | null;
  lastSignInIp: string | null;
  twoFactorEnabled: boolean;
  passwordChangedAt: Date | string | null;
  hasPassword: boolean;
  expiresAt: Date | string | null;
  version: number;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * The register's row: the member's status is disabled when either the membership or the account is;
 * the highlights are the same rules the filters apply in SQL (ledger-sql.ts), at `now`.
 */
export const ledgerRowOf = (
  row: LedgerSelect,
  options: { now: number; locked: ReadonlySet<string>; platformIds: boolean },
): UserLedgerRow => {
  const { now } = options;
  const expiresAt = row.expiresAt === null ? null : new Date(row.expiresAt).getTime();
  const lastActive = new Date(row.lastSignInAt ?? row.createdAt).getTime();
  const locked = options.locked.has(row.username.toLowerCase());
  const highlights: UserLedgerRow['highlights'] = [];
  if (lastActive < now - USER_LEDGER_DORMANT_DAYS * DAY_MS) highlights.push('dormant');
  if (expiresAt !== null && expiresAt > now && expiresAt <= now + USER_LEDGER_EXPIRING_DAYS * DAY_MS)
    highlights.push('expiring');
  if (expiresAt !== null && expiresAt <= now) highlights.push('expired');
  if (locked) highlights.push('locked');
  const passwordChangedAt = row.hasPassword ? iso(row.passwordChangedAt) : null;
  return {
    id: options.platformIds ? `${row.tenantId}/${row.accountId}` : row.accountId,
    tenantId: row.tenantId,
    tenantName: row.tenantName,
    accountId: row.accountId,
    username: row.username,
    name: row.name,
    departmentId: row.departmentId,
    departmentName: row.departmentName,
    roleNames: row.roleNames,
    status: row.memberStatus === 'disabled' || row.accountStatus === 'disabled' ? 'disabled' : 'active',
    source: row.source,
    createdAt: new Date(row.createdAt).toISOString(),
    lastSignInAt: iso(row.lastSignInAt),
    lastSignInIp: row.lastSignInIp,
    twoFactorEnabled: row.twoFactorEnabled,
    passwordChangedAt,
    passwordAgeDays:
      passwordChangedAt === null
        ? null
        : Math.max(0, Math.floor((now - Date.parse(passwordChangedAt)) / DAY_MS)),
    locked,
    expiresAt: expiresAt === null ? null : new Date(expiresAt).toISOString(),
    highlights,
    version: row.version,
  };
};
