import type { CurrentUser } from '@uniwim/contracts/client';
import type { ApiClient } from '../../lib/api';
import { setReaderTimeZone } from '../../lib/time-zone';

export const CURRENT_USER_PATH = '/ump/currUserInfo';

/**
 * GET /ump/currUserInfo; an empty answer counts as a failure, which ends the session. The answer
 * names the zone the user reads times in: every page shows times in it from then on.
 */
export const fetchCurrentUser = async (client: ApiClient): Promise<CurrentUser> => {
  const user = await client.get<CurrentUser | null>(CURRENT_USER_PATH);
  if (!user?.id) throw new Error('The server sent no current user');
  setReaderTimeZone(user.timeZone);
  return user;
};

/** What the shell shows for the user: the display name, else the account. */
export const displayNameOf = (user: Pick<CurrentUser, 'name' | 'username'>): string =>
  user.name.trim() !== '' ? user.name : user.username;
