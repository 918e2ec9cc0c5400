import type { PageTabEntry } from '../../lib/shell/tabs';
import { findPageRoute } from '../pages/route-table';
import { type OpeningContext, routeTabEntry } from '../shell/open-menu';

/**
 * The shell's tab for a to-do's link: a page of the product (its route, with the frame parameters
 * every page gets); anything else (another path of this host, an application's http(s) address)
 * as it is, without the user's token, which is never handed to an address an application chose.
 */
export const linkTabEntry = (link: string, title: string, ctx: OpeningContext): PageTabEntry => {
  const path = link.startsWith('/') ? (link.split(/[?#]/)[0] ?? link) : null;
  if (path && findPageRoute(path)) return routeTabEntry(link, title, ctx);
  return { Id: link, Val: link, ValBuffer: link, Name: title, App: null, target: '_self' };
};
