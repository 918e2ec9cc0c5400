import type { Scenario } from '../scenario';
import { accessLogScenario } from './access-log';
import { adminTenantListScenario } from './admin-tenant-list';
import { adminTransfersScenario } from './admin-transfers';
import { adminUserListScenario } from './admin-user-list';
import { cfgEncryptScenario } from './cfg-encrypt';
import { coldStartScenario } from './cold-start';
import { currUserScenario } from './curr-user';
import { dictionaryValuesScenario } from './dictionary-values';
import { fileUploadScenario } from './file-upload';
import { loginJsSizeScenario } from './login-js-size';
import { loginLighthouseScenario } from './login-lighthouse';
import { menuTreeScenario } from './menu-tree';
import { publicKeyScenario } from './public-key';
import { qrSocketsScenario } from './qr-sockets';
import { roleGrantPropagationScenario } from './role-grant-propagation';
import { searchScenario } from './search';
import { shellFirstFrameScenario } from './shell-first-frame';
import { signInScenario } from './sign-in';
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
];
