import { SmsDeliveryError, type SmsMessage } from './provider';

/**
 * The one value a vendor template is filled with: the code for verification templates, the
 * content (or the whole text) for free-text templates. Vendors only send pre-approved templates,
 * so each of ours has exactly one variable.
 */
export const templateValue = (provider: string, message: SmsMessage): string => {
  if (message.template === 'verification-code') {
    const code = message.params.code;
    if (!code)
      throw new SmsDeliveryError(provider, 'bad-message', 'a verification-code message needs params.code');
    return code;
  }
  return message.params.content ?? message.text;
};

/** Values that must never show in an error: the parameters (the code) and the text. */
export const sensitiveValues = (message: SmsMessage): string[] => [
  ...Object.values(message.params),
  ...(message.vendorTemplate?.values.map((v) => v.value) ?? []),
  message.text,
];
