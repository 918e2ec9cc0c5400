import { mountPage } from '../app/mount';
import { LoginPage } from '../features/login/LoginPage';
import { readTenantCode } from '../features/login/login-config-source';
import { resetClientStateForLoginPage } from '../features/login/page-load';

// Order matters (spec section 4, "Page load"): forget the previous session before loading the configuration.
resetClientStateForLoginPage();
mountPage(<LoginPage tenant={readTenantCode(location.search)} />);
