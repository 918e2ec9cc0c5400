/** The size of the scale set (shared/design/administration.md, "Data for scale"). */
export const SCALE = {
  tenants: 10_000,
  accounts: 1_000_000,
  /** Members of tenant sc1; the other accounts are spread over the other tenants. */
  largestTenantMembers: 100_000,
};

export const say = (line: string) => process.stdout.write(`${line}\n`);

/** Runs one step and prints how long it took: the budget is on the whole, the steps show where it goes. */
export const timed = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
  const start = performance.now();
  const result = await work();
  say(`  ${label.padEnd(52)} ${((performance.now() - start) / 1000).toFixed(1).padStart(6)} s`);
  return result;
};
