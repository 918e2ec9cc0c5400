import type { LinkCheck } from './links';
import type { FileRow } from './repo';

export type FileAccess = 'allow' | 'link-invalid' | 'unauthenticated' | 'hidden';

/**
 * Who may read a file's content at its url:
 *  - anyone holding a valid signed link (an expired or altered one is refused, not ignored);
 *  - anyone for an image: sign-in pages and the shell show them to visitors, and the id in the url
 *    is a random UUID nobody can guess;
 *  - a signed-in user for the platform's own files (manuals, packages);
 *  - a signed-in user whose active tenant owns the file. Other tenants are told it does not exist.
 */
export const decideFileAccess = (
  file: Pick<FileRow, 'tenantId' | 'purpose'>,
  link: LinkCheck | null,
  session: { tenantId: string | null } | null,
): FileAccess => {
  if (link !== null) return link === 'valid' ? 'allow' : 'link-invalid';
  if (file.purpose === 'image') return 'allow';
  if (!session) return 'unauthenticated';
  if (file.tenantId === null || file.tenantId === session.tenantId) return 'allow';
  return 'hidden';
};
