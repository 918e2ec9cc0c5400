import { mountPage } from '../app/mount';
import { SignedInPage } from '../features/session/SignedInPage';
import { ComingSoonShell } from '../features/workspace/ComingSoonShell';
import { readStoredToken } from '../lib/storage-keys';

// This page lives in /mobile/, so the sign-in page is one level up.
if (readStoredToken()) {
  mountPage(
    <SignedInPage loginHref="../login.html">
      {(session) => (
        <ComingSoonShell titleKey="workspace.mobileTitle" loginHref="../login.html" session={session} />
      )}
    </SignedInPage>,
  );
} else {
  location.replace('../login.html');
}
