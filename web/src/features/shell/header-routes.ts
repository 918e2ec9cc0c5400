import { MESSAGE_CENTRE_ROUTE } from '../message-centre/message-route';

/**
 * The built-in pages behind the header's entries (and the mobile page's tiles): small on purpose,
 * so the mobile page names them without loading the shell's header.
 */
export const NOTICES_ROUTE = '/umpNoticeDetail';
export const MESSAGES_ROUTE = MESSAGE_CENTRE_ROUTE;
/** Issue 15: the header's to-do entry (with the member's open count) opens the inbox. */
export const TODOS_ROUTE = '/todoList';
