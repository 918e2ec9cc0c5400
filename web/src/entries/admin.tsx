import { startShell } from '../features/shell/start-shell';

startShell('admin');
