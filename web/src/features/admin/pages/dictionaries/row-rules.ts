import type { AdminRow } from '../../resource-api';

/**
 * What the tenant's dictionary page offers on a row, beyond the user's permissions: the platform's
 * records are changed only as the platform allows (the server refuses the rest anyway).
 */
export const tenantTypeAllows = (record: AdminRow, action: string): boolean =>
  record.source === 'tenant' || !['edit', 'delete', 'enable', 'disable'].includes(action);

export const tenantItemAllows = (record: AdminRow, action: string): boolean => {
  if (record.source === 'tenant') return action !== 'reset';
  // A platform item: switched off rather than deleted, never changed while locked, reset once changed.
  if (action === 'delete' || record.locked === true) return false;
  return action !== 'reset' || record.overridden === true;
};
