/**
 * Which monthly partitions of a log table lie wholly before the retention cut-off (named
 * <table>_pYYYYMM, UTC months, migration 0038): those are detached and dropped instead of deleted
 * row by row. The default partition is never dropped.
 */
export const partitionMonthsToDrop = (
  table: string,
  partitions: string[],
  now: Date,
  days: number,
): string[] => {
  const cutoff = now.getTime() - days * 86_400_000;
  const pattern = new RegExp(`^${table}_p(\\d{4})(\\d{2})$`);
  return partitions
    .flatMap((name) => {
      const match = pattern.exec(name);
      if (!match) return [];
      const end = Date.UTC(Number(match[1]), Number(match[2]), 1);
      return end <= cutoff ? [name] : [];
    })
    .sort();
};

/** The first days (UTC) of this month and the next `ahead` months: partitions created in advance. */
export const monthsAhead = (now: Date, ahead: number): string[] =>
  Array.from({ length: ahead + 1 }, (_, i) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + i, 1)).toISOString().slice(0, 10),
  );
