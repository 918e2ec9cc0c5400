/** Why a login-log row looks wrong (the list's flag filter and tags). */
export type LoginFlag = 'new-region' | 'new-device' | 'failure-burst';

/** Failures of one account name, or from one address, within this window... */
export const BURST_WINDOW_MS = 10 * 60_000;
/** ...this many or more (the row that reaches it included) make a burst. */
export const BURST_FAILURES = 5;

/** What the flagger needs of a row. */
export interface FlaggableRow {
  accountId?: string | null;
  username: string;
  result: 'success' | 'failure';
  ip?: string | null;
  createdAt: Date;
  regionCountry?: string | null;
  regionProvince?: string | null;
  deviceType?: string | null;
  os?: string | null;
  browser?: string | null;
}

/** The footprint keys of a successful sign-in; null when the row says too little to compare. */
export const regionKeyOf = (row: FlaggableRow): string | null =>
  row.regionCountry ? `${row.regionCountry}|${row.regionProvince ?? ''}` : null;
export const deviceKeyOf = (row: FlaggableRow): string | null =>
  row.os || row.browser ? `${row.deviceType ?? ''}|${row.os ?? ''}|${row.browser ?? ''}` : null;

export const burstNameOf = (row: FlaggableRow): string => row.username.trim().toLowerCase();

/** What the database already holds for the accounts, names and addresses of one batch. */
export interface FlagHistory {
  /** Footprint keys per account and kind: `${accountId}|region` → keys. */
  footprints: Map<string, Set<string>>;
  /** Recent failures (up to BURST_FAILURES) per lower-cased name and per address. */
  failuresByName: Map<string, number>;
  failuresByIp: Map<string, number>;
}

export interface Footprint {
  accountId: string;
  kind: 'region' | 'device';
  key: string;
}

/**
 * The flags of each row of a batch (in time order), given the history before it, and the footprints
 * to remember. A first sign-in ever is not "new": only an account that already has footprints of
 * that kind is flagged for a region or device it has not used.
 */
export const flagBatch = (
  rows: readonly FlaggableRow[],
  history: FlagHistory,
): { flags: LoginFlag[][]; footprints: Footprint[] } => {
  const order = rows
    .map((_, i) => i)
    .sort((a, b) => rows[a]!.createdAt.getTime() - rows[b]!.createdAt.getTime());
  const flags: LoginFlag[][] = rows.map(() => []);
  const footprints: Footprint[] = [];
  const names = new Map(history.failuresByName);
  const ips = new Map(history.failuresByIp);
  const remember = (accountId: string, kind: Footprint['kind'], key: string | null): boolean => {
    if (key === null) return false;
    const slot = `${accountId}|${kind}`;
    let known = history.footprints.get(slot);
    if (!known) {
      known = new Set();
      history.footprints.set(slot, known);
    }
    if (known.has(key)) return false;
    const isNew = known.size > 0;
    known.add(key);
    footprints.push({ accountId, kind, key });
    return isNew;
  };
  for (const index of order) {
    const row = rows[index]!;
    const rowFlags = flags[index]!;
    if (row.result === 'success' && row.accountId) {
      if (remember(row.accountId, 'region', regionKeyOf(row))) rowFlags.push('new-region');
      if (remember(row.accountId, 'device', deviceKeyOf(row))) rowFlags.push('new-device');
    } else if (row.result === 'failure') {
      const name = burstNameOf(row);
      const byName = (names.get(name) ?? 0) + 1;
      names.set(name, byName);
      let byIp = 0;
      if (row.ip) {
        byIp = (ips.get(row.ip) ?? 0) + 1;
        ips.set(row.ip, byIp);
      }
      if (byName >= BURST_FAILURES || byIp >= BURST_FAILURES) rowFlags.push('failure-burst');
    }
  }
  return { flags, footprints };
};
