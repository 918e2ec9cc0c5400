/**
 * A to-do's or message's link, opened in the shell: a path of the product (`/umpNotice?id=1`) or an
 * http(s) address; never `javascript:`, `data:` or a protocol-relative `//host` (issue 15).
 */
export const isSafeTodoLink = (link: string): boolean =>
  /^\/(?![/\\])/.test(link) || /^https?:\/\/[^\s/?#]+/i.test(link);

/** What the shell's header shows for a count: a number up to 99, then "99+". */
export const badgeText = (count: number): string => (count > 99 ? '99+' : String(count));

/** The platform's own to-dos (a notice that must be read, say) carry this source. */
export const TODO_PLATFORM_SOURCE = 'platform';
