import { type ImportReceipt, importChoiceOf, isBulkImport } from '../../platform/admin/import-rows';
import type { AdminContext } from '../../platform/admin/resource-routes';

/**
 * Issue 25: imported users get a way in, by the importer's choice (tenantUsersResource.importChoices
 * `credentials`): an initial password each, in a file the importer downloads once, or an activation
 * SMS each, through the message outbox, to set a password with a code sent to the same phone.
 */
export type ImportCredentials = 'passwords' | 'sms';

/** How the new accounts of this write get their way in; undefined outside an import (a form shows the password). */
export const importCredentialsOf = (ctx: AdminContext): ImportCredentials | undefined => {
  if (!isBulkImport(ctx)) return undefined;
  return importChoiceOf(ctx, 'credentials') === 'sms' ? 'sms' : 'passwords';
};

interface Issued {
  username: string;
  name: string;
  mobile: string | null;
  /** Held in memory until the import's receipt is written, never stored or logged. */
  password: string | null;
}

/** The new accounts each import made, by the import's row context (one object per import). */
const issuedBy = new WeakMap<AdminContext, Map<string, Issued>>();

/** Notes a new account an import made, with its initial password (or the SMS queued for it). */
export const noteIssued = (ctx: AdminContext, accountId: string, issued: Issued): void => {
  const accounts = issuedBy.get(ctx) ?? new Map<string, Issued>();
  issuedBy.set(ctx, accounts);
  accounts.set(accountId, issued);
};

export const INITIAL_PASSWORDS_SHEET: NonNullable<ImportReceipt['sheet']>['columns'] = [
  { key: 'username', title: { zh: '账号', en: 'Account' } },
  { key: 'name', title: { zh: '姓名', en: 'Name' } },
  { key: 'mobile', title: { zh: '手机号', en: 'Mobile' } },
  { key: 'password', title: { zh: '初始密码', en: 'Initial password' } },
];

/**
 * What the import did for the members it kept: the SMS queued, or the initial passwords as a sheet
 * for the importer. Members who joined with an account of their own (invited) are not in it.
 */
export const importReceiptOf = (
  created: readonly { id: string }[],
  ctx: AdminContext,
): ImportReceipt | undefined => {
  const issued = issuedBy.get(ctx);
  const kept = created.flatMap((row) => {
    const entry = issued?.get(row.id);
    return entry ? [entry] : [];
  });
  if (kept.length === 0) return undefined;
  if (importCredentialsOf(ctx) === 'sms') {
    return { kind: 'activation-sms', count: kept.length, message: `已向${kept.length}名新用户发送激活短信` };
  }
  return {
    kind: 'initial-passwords',
    count: kept.length,
    message: `${kept.length}名新用户的初始密码可下载一次（1小时内有效）`,
    sheet: {
      name: { zh: '初始密码', en: 'Initial passwords' },
      columns: INITIAL_PASSWORDS_SHEET,
      rows: kept.map((entry) => ({
        username: entry.username,
        name: entry.name,
        mobile: entry.mobile ?? '',
        password: entry.password ?? '',
      })),
    },
  };
};
