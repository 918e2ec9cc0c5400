import type { Scenario } from '../scenario';
import { accessLogScenario } from './access-log';
// Issue 16: the access log's first page at ten million rows
import { accessLogListScenario } from './access-log-list';
import { adminTenantListScenario } from './admin-tenant-list';
import { adminTransfersScenario } from './admin-transfers';
import { adminUserListScenario } from './admin-user-list';
import { cfgEncryptScenario } from './cfg-encrypt';
import { coldStartScenario } from './cold-start';
import { currUserScenario } from './curr-user';
import { dictionaryValuesScenario } from './dictionary-values';
import { fileUploadScenario } from './file-upload';
// Issue 15: home and notice delivery
import { homeScenario } from './home';
import { loginJsSizeScenario } from './login-js-size';
import { loginLighthouseScenario } from './login-lighthouse';
// Issue 16: login log
import { loginLogListScenario } from './login-log-list';
import { menuTreeScenario } from './menu-tree';
import { noticeDeliveryScenario } from './notice-delivery';
import { publicKeyScenario } from './public-key';
import { qrSocketsScenario } from './qr-sockets';
// Issue 16: statistics and retention
import { retentionSignInScenario } from './retention-signin';
import { roleGrantPropagationScenario } from './role-grant-propagation';
import { searchScenario } from './search';
import { shellFirstFrameScenario } from './shell-first-frame';
import { signInScenario } from './sign-in';
import { statisticsScenario } from './statistics';
import { versionPackageScenario } from './version-package';

/** Every scenario, in the order `npm run bench` runs them. Add new ones here. */
export const scenarios: Scenario[] = [
  cfgEncryptScenario,
  publicKeyScenario,
  coldStartScenario,
  loginJsSizeScenario,
  loginLighthouseScenario,
  signInScenario,
  currUserScenario,
  menuTreeScenario,
  qrSocketsScenario,
  accessLogScenario,
  shellFirstFrameScenario,
  adminTransfersScenario,
  adminTenantListScenario,
  roleGrantPropagationScenario,
  adminUserListScenario,
  versionPackageScenario,
  searchScenario,
  fileUploadScenario,
  dictionaryValuesScenario,
  // Issue 15: home and notice delivery
  homeScenario,
  noticeDeliveryScenario,
  // Issue 16: login log
  loginLogListScenario,
  // Issue 16: the access log's first page at ten million rows
  accessLogListScenario,
  // Issue 16: statistics and retention
  statisticsScenario,
  retentionSignInScenario,
];
