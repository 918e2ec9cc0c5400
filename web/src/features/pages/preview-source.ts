import { isBlockedLink } from '@uniwim/contracts/client';
import { withAccessToken } from '../../lib/shell/frame-url';

/**
 * The address /preview loads its image from: http(s) and the platform's own files (with the token
 * as access_token, spec section 2), or an inline data:image. Any other scheme shows nothing.
 */
export const previewImageSource = (imgUrl: string | null, token: string | null): string | null => {
  const url = (imgUrl ?? '').trim();
  if (url === '') return null;
  if (/^data:image\//i.test(url)) return url;
  if (isBlockedLink(url)) return null;
  return withAccessToken(url, token);
};
