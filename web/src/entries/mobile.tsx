import { mountPage } from '../app/mount';
import { ComingSoonShell } from '../features/workspace/ComingSoonShell';
import { readStoredToken } from '../lib/storage-keys';

// This page lives in /mobile/, so the sign-in page is one level up.
if (readStoredToken()) {
  mountPage(<ComingSoonShell titleKey="workspace.mobileTitle" loginHref="../login.html" />);
} else {
  location.replace('../login.html');
}
