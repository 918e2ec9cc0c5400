import { createAliyunSmsProvider } from './aliyun-provider';
import { createOutboxSmsProvider } from './outbox-provider';
import { isSmsDeliveryError, type SmsProvider } from './provider';
import type { SmsSettings } from './settings';
import type { SmsLogger } from './sms-logger';
import { createTencentSmsProvider } from './tencent-provider';
import type { VendorDeps } from './vendor-deps';
import { createWebhookSmsProvider } from './webhook-provider';

export { SMS_VARIABLES, type SmsVariable } from './environment-variables';
export { OUTBOX_FILE_NAME, type OutboxLine, outboxFile } from './outbox-provider';
export {
  isSmsDeliveryError,
  SmsDeliveryError,
  type SmsFailureKind,
  type SmsMessage,
  type SmsProvider,
  type SmsTemplate,
} from './provider';
export {
  loadSmsSettings,
  type SmsProviderName,
  type SmsSettings,
  SmsSettingsError,
} from './settings';
export type { SmsLogger } from './sms-logger';

export interface SmsProviderDeps extends VendorDeps {
  /** DATA_DIR; the outbox provider writes sms-outbox.jsonl there. */
  dataDir: string;
  logger: SmsLogger;
}

/**
 * Callers turn any failure into one user-facing error, so the reason (provider, kind, vendor code;
 * never the number or the code) is logged here where it is still known.
 */
const withFailureLog = (provider: SmsProvider, logger: SmsLogger): SmsProvider => ({
  name: provider.name,
  send: async (message) => {
    try {
      await provider.send(message);
    } catch (error) {
      const details = isSmsDeliveryError(error)
        ? { provider: error.provider, kind: error.kind, vendorCode: error.vendorCode, reason: error.message }
        : { provider: provider.name, kind: 'unexpected', reason: String(error) };
      if (logger.warn) logger.warn(details, 'sms-delivery-failed');
      else logger.info(details, 'sms-delivery-failed');
      throw error;
    }
  },
});

/** The provider SMS_PROVIDER chose, built from settings that loadSmsSettings checked. */
export const createSmsProvider = (settings: SmsSettings, deps: SmsProviderDeps): SmsProvider => {
  const provider = (() => {
    switch (settings.provider) {
      case 'outbox':
        return createOutboxSmsProvider(deps);
      case 'aliyun':
        return createAliyunSmsProvider(settings, deps);
      case 'tencent':
        return createTencentSmsProvider(settings, deps);
      case 'webhook':
        return createWebhookSmsProvider(settings, deps);
    }
  })();
  return withFailureLog(provider, deps.logger);
};
