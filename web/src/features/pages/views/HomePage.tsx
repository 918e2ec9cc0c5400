/** /homepage (issue 15): the user's tenant-branded home. */
export { default } from '../../home/HomePage';
