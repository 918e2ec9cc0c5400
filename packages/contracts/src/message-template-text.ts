/**
 * `{param}` placeholders of message templates (issue 15): a name of letters, digits and
 * underscores, starting with a letter or underscore. Anything else in braces is plain text.
 */
const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]{0,63})\}/g;

/** The placeholders of some texts, each once, in the order they first appear. */
export const templateParams = (...texts: (string | null | undefined)[]): string[] => {
  const found = new Set<string>();
  for (const text of texts) {
    for (const match of (text ?? '').matchAll(PLACEHOLDER)) found.add(match[1]!);
  }
  return [...found];
};
