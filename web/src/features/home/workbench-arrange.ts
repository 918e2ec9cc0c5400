import type { HomeApplication } from '@uniwim/contracts/client';

/** The applications in the member's saved order; those not in it follow in the default order. */
export const arrangeApplications = (
  applications: readonly HomeApplication[],
  order: readonly string[],
): HomeApplication[] => {
  const rank = new Map(order.map((id, index) => [id, index]));
  const placed = applications
    .filter((application) => rank.has(application.id))
    .sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
  return [...placed, ...applications.filter((application) => !rank.has(application.id))];
};

/** The order after dropping `moved` on `target`: it takes the target's place. */
export const moveBefore = (ids: readonly string[], moved: string, target: string): string[] => {
  if (moved === target || !ids.includes(moved) || !ids.includes(target)) return [...ids];
  const from = ids.indexOf(moved);
  const to = ids.indexOf(target);
  const next = ids.filter((id) => id !== moved);
  next.splice(to, 0, moved);
  return from === to ? [...ids] : next;
};

/** Moves an application one place earlier (-1) or later (+1), for the keyboard. */
export const moveBy = (ids: readonly string[], id: string, step: -1 | 1): string[] => {
  const index = ids.indexOf(id);
  const target = ids[index + step];
  if (index < 0 || target === undefined) return [...ids];
  return moveBefore(ids, id, target);
};

/** Applications whose name or category holds the search text (case-insensitive, trimmed). */
export const filterApplications = (
  applications: readonly HomeApplication[],
  search: string,
): HomeApplication[] => {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...applications];
  return applications.filter((application) =>
    [application.name, application.category ?? ''].some((text) => text.toLowerCase().includes(needle)),
  );
};

export const toggleId = (ids: readonly string[], id: string): string[] =>
  ids.includes(id) ? ids.filter((candidate) => candidate !== id) : [...ids, id];
