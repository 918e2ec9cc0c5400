/** A value of an operation's change as shown: JSON for objects and lists, dates and text as they are. */
export interface ValueText {
  text: string;
  empty: boolean;
}

export interface ChangeRow {
  field: string;
  before: ValueText;
  after: ValueText;
}

const valueText = (value: unknown): ValueText => {
  if (value === null || value === undefined || value === '') return { text: '', empty: true };
  if (Array.isArray(value) && value.length === 0) return { text: '[]', empty: true };
  if (typeof value === 'object') return { text: JSON.stringify(value, null, 2), empty: false };
  if (typeof value === 'boolean') return { text: value ? '是' : '否', empty: false };
  return { text: String(value), empty: false };
};

/** The operation log's `changes` ({field: {before, after}}) as rows, fields in the order written. */
export const changeRowsOf = (changes: unknown): ChangeRow[] => {
  if (!changes || typeof changes !== 'object' || Array.isArray(changes)) return [];
  return Object.entries(changes as Record<string, unknown>).map(([field, change]) => {
    const { before, after } = (change ?? {}) as { before?: unknown; after?: unknown };
    return { field, before: valueText(before), after: valueText(after) };
  });
};
