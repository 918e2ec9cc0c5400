import { type SearchSettings, searchSettingsSchema } from '@uniwim/contracts';

/** Problems by field path ("synonyms.1.0", "hotWords"), with the spec-style Chinese messages. */
export type FieldProblems = ReadonlyMap<string, string>;

/** The contract's checks on the page's draft: the same messages the server would answer. */
export const settingsProblems = (settings: SearchSettings): FieldProblems => {
  const parsed = searchSettingsSchema.safeParse(settings);
  const problems = new Map<string, string>();
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    if (!problems.has(path)) problems.set(path, issue.message);
  }
  return problems;
};

/** The server's 400 details ({ path: "body.settings.hotWords.1", message }) as field problems. */
export const serverProblems = (details: unknown): FieldProblems => {
  const problems = new Map<string, string>();
  if (!Array.isArray(details)) return problems;
  for (const detail of details) {
    if (!detail || typeof detail !== 'object') continue;
    const { path, message } = detail as { path?: unknown; message?: unknown };
    if (typeof path !== 'string' || typeof message !== 'string') continue;
    problems.set(path.replace(/^body\.settings\./, ''), message);
  }
  return problems;
};

/** The first problem at a path or under it (a group's words report on the group). */
export const problemAt = (problems: FieldProblems, path: string): string | undefined => {
  const exact = problems.get(path);
  if (exact) return exact;
  for (const [key, message] of problems) if (key.startsWith(`${path}.`)) return message;
  return undefined;
};
