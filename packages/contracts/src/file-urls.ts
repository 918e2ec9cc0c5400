/** Stored files' urls in texts, without zod: the login page's CSS review reads them too. */
const FILE_URL = /\/ump\/files\/(f-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?![\w-])/g;

/**
 * The stored files a record's texts point at (`/ump/files/<id>` in an address, a list of them, or the
 * url()s of a style sheet), each once: what a record uses, for the files module's references.
 */
export const fileIdsIn = (values: readonly unknown[]): string[] => {
  const ids = new Set<string>();
  const visit = (value: unknown) => {
    if (typeof value === 'string') for (const match of value.matchAll(FILE_URL)) ids.add(match[1]!);
    else if (Array.isArray(value)) value.forEach(visit);
  };
  values.forEach(visit);
  return [...ids];
};

/** Whether an address is exactly a stored file's url (the only other place a tenant's CSS may load from). */
export const isFileContentPath = (target: string): boolean =>
  /^\/ump\/files\/f-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(target);
