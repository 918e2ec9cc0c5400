import type { SmsStatus } from '@uniwim/contracts';
import { isSmsDeliveryError, type SmsProvider } from './provider';
import type { SmsProviderName } from './settings';

/**
 * What the platform settings page shows about SMS: which provider, whether it sends for real, and the
 * last failed delivery this instance saw (its kind and the vendor's code, never a number, a code or
 * a credential).
 */
export const withDeliveryStatus = (
  provider: SmsProvider,
  providerName: SmsProviderName,
): SmsProvider & { status(): SmsStatus } => {
  let lastFailure: SmsStatus['lastFailure'] = null;
  return {
    name: provider.name,
    send: async (message) => {
      try {
        await provider.send(message);
      } catch (error) {
        lastFailure = {
          at: new Date().toISOString(),
          kind: isSmsDeliveryError(error) ? error.kind : 'unexpected',
          vendorCode: isSmsDeliveryError(error) ? (error.vendorCode ?? null) : null,
        };
        throw error;
      }
    },
    status: () => ({ provider: providerName, sendsForReal: providerName !== 'outbox', lastFailure }),
  };
};
