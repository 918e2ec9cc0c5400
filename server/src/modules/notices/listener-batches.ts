/**
 * The open shells to tell of a change, in batches: one per tenant and at most `size` members, so
 * one statement counts a batch's unread notices instead of one statement per shell.
 */
export interface ListenerBatch<L> {
  tenantId: string;
  accountIds: string[];
  listeners: L[];
}

export const LISTENER_BATCH_SIZE = 500;

export const listenerBatches = <L extends { member: { tenantId: string; accountId: string } }>(
  listeners: Iterable<L>,
  size = LISTENER_BATCH_SIZE,
): ListenerBatch<L>[] => {
  const byTenant = new Map<string, Map<string, L[]>>();
  for (const listener of listeners) {
    const { tenantId, accountId } = listener.member;
    const members = byTenant.get(tenantId) ?? new Map<string, L[]>();
    byTenant.set(tenantId, members);
    // A member with two open shells is counted once and both are told.
    const same = members.get(accountId);
    if (same) same.push(listener);
    else members.set(accountId, [listener]);
  }
  const batches: ListenerBatch<L>[] = [];
  for (const [tenantId, members] of byTenant) {
    const entries = [...members];
    for (let start = 0; start < entries.length; start += size) {
      const slice = entries.slice(start, start + size);
      batches.push({
        tenantId,
        accountIds: slice.map(([accountId]) => accountId),
        listeners: slice.flatMap(([, same]) => same),
      });
    }
  }
  return batches;
};
