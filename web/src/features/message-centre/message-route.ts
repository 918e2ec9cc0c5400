/** The full page of the message centre (page.html), opened from the header drawer's "view all". */
export { MESSAGE_CENTRE_ROUTE } from '@uniwim/contracts/client';
