import { mountPage } from '../app/mount';
import { ComingSoonShell } from '../features/workspace/ComingSoonShell';
import { readStoredToken } from '../lib/storage-keys';

if (readStoredToken()) {
  mountPage(<ComingSoonShell titleKey="workspace.adminTitle" loginHref="login.html" />);
} else {
  location.replace('login.html');
}
