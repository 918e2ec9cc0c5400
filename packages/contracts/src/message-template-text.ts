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

/** The placeholders of some texts that `values` leaves without a value (blank counts as none). */
export const missingTemplateParams = (
  values: Readonly<Record<string, string | undefined>>,
  ...texts: (string | null | undefined)[]
): string[] => templateParams(...texts).filter((name) => !values[name]?.trim());

/**
 * A text with each `{param}` replaced by its value; a placeholder without a value stays as written
 * (callers refuse those first with missingTemplateParams).
 */
export const fillTemplate = (text: string, values: Readonly<Record<string, string | undefined>>): string =>
  text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : value;
  });
