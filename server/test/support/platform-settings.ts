import { PLATFORM_SETTINGS_DEFAULTS, type SecurityFloors } from '@uniwim/contracts';
import type { SettingsActor } from '../../src/modules/platform-settings/service';
import type { TestApp } from './test-app';

const TEST_ACTOR: SettingsActor = {
  accountId: 'acc-admin',
  name: 'test setup',
  ip: null,
  userAgent: null,
  requestId: null,
};

/** Changes some security floors the way a save on the settings page does (a new version). */
export const setSecurityFloors = async (app: TestApp, changes: Partial<SecurityFloors>) => {
  const { version, settings } = await app.services.platformSettings.read();
  await app.services.platformSettings.save(
    { version, securityFloors: { ...settings.securityFloors, ...changes } },
    TEST_ACTOR,
  );
};

export const resetSecurityFloors = (app: TestApp) =>
  setSecurityFloors(app, PLATFORM_SETTINGS_DEFAULTS.securityFloors);
