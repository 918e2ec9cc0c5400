/**
 * The seats a tenant may fill: its own seat limit, and the seats its current packages carry. A
 * package without a seat limit limits nothing; when every current package carries one, the largest
 * counts (a bigger edition replaces a smaller one rather than adding to it). The tighter of the two
 * holds. Null: no limit.
 */
export const effectiveSeatLimit = (
  tenantLimit: number | null,
  currentPackageLimits: readonly (number | null)[],
): number | null => {
  const packageLimit =
    currentPackageLimits.length > 0 && currentPackageLimits.every((limit) => limit !== null)
      ? Math.max(...(currentPackageLimits as number[]))
      : null;
  const limits = [tenantLimit, packageLimit].filter((limit): limit is number => limit !== null);
  return limits.length === 0 ? null : Math.min(...limits);
};

/** Why `adding` more members do not fit, with the numbers; null when they do. */
export const seatProblem = (used: number, limit: number | null, adding: number): string | null => {
  if (limit === null || used + adding <= limit) return null;
  return adding === 1
    ? `已达席位上限：已用 ${used} / 上限 ${limit}`
    : `席位不足：已用 ${used} / 上限 ${limit}，还需 ${used + adding - limit} 个席位`;
};
