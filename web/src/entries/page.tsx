import { mountPage } from '../app/mount';
import { ComingSoonShell } from '../features/workspace/ComingSoonShell';

// page.html shows built-in routes inside the shell's frames (page.html#/deviceList); the frame's own
// token handling arrives with the shell.
mountPage(
  <ComingSoonShell
    titleKey="workspace.pageTitle"
    loginHref="login.html"
    detail={location.hash || undefined}
  />,
);
