// The page's own styles come with the HTML: the server inlines them into login.html, so the page it
// renders for the tenant paints before any script has run (server/src/modules/login-page).
import '../app/base.css';
import '../app/language-switch.css';
import '../features/login/login.css';
import '../features/login/login-fields.css';
import {
  fetchLoginConfigOrDefault,
  readPreviewId,
  readTenantCode,
} from '../features/login/login-config-source';
import { resetClientStateForLoginPage } from '../features/login/page-load';
import { api } from '../lib/api';

// Order matters (spec section 4, "Page load"): forget the previous session before loading the configuration.
// A designer's preview (issue 13) runs inside the administrator's page: their session must stay.
const preview = readPreviewId(location.search);
if (!preview) resetClientStateForLoginPage();
const tenant = readTenantCode(location.search);
// This small entry starts the configuration call at once, so it travels while the interface's scripts
// (React, antd) download; the server's rendering of the page stays on screen until both are there.
const config = fetchLoginConfigOrDefault(api, tenant, preview);
void Promise.all([import('../features/login/mount-login-page'), config]).then(
  ([{ mountLoginPage }, loaded]) => mountLoginPage(tenant, loaded),
);
