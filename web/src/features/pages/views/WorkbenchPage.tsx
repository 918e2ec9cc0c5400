/** /saasWorkbench (issue 15): the user's applications, arranged per member. */
export { default } from '../../home/WorkbenchPage';
