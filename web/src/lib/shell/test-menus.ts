// The one menu-node fixture of the tests, kept beside the contract it builds.
export { menuNode } from '@uniwim/contracts/testing';
