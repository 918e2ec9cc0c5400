/** What a caller wants sent; vendor providers map the template to their own template id. */
export type SmsTemplate = 'verification-code' | 'message';

export interface SmsMessage {
  /** Mainland number as the user typed it (11 digits), or a full +<country> number. */
  mobile: string;
  template: SmsTemplate;
  /** `code` for verification codes; `content` (optional, defaults to `text`) for free text. */
  params: Record<string, string>;
  /** The whole message as a person reads it; used by the outbox and the webhook. */
  text: string;
  /**
   * A tenant's own approved vendor template (a message template's SMS template id) with its
   * variables in the order the template's SMS content names them; instead of the free-text template.
   */
  vendorTemplate?: VendorTemplate;
}

export interface VendorTemplate {
  id: string;
  values: { name: string; value: string }[];
}

export interface SmsProvider {
  readonly name: string;
  /** Resolves once the vendor accepted the message; rejects with SmsDeliveryError otherwise. */
  send(message: SmsMessage): Promise<void>;
}

export type SmsFailureKind =
  | 'timeout'
  | 'network'
  | 'vendor'
  | 'bad-answer'
  | 'not-configured'
  | 'bad-message'
  | 'outbox-write';

export interface SmsFailureDetails {
  vendorCode?: string;
  httpStatus?: number;
  cause?: unknown;
}

/**
 * A message was not delivered. The message names the provider and the reason only: it never
 * carries a secret, the phone number or the message's parameters, because callers log it.
 */
export class SmsDeliveryError extends Error {
  override readonly name = 'SmsDeliveryError';
  readonly vendorCode?: string;
  readonly httpStatus?: number;

  constructor(
    readonly provider: string,
    readonly kind: SmsFailureKind,
    reason: string,
    details: SmsFailureDetails = {},
  ) {
    super(
      `${provider} SMS not delivered: ${reason}`,
      details.cause === undefined ? {} : { cause: details.cause },
    );
    this.vendorCode = details.vendorCode;
    this.httpStatus = details.httpStatus;
  }
}

export const isSmsDeliveryError = (error: unknown): error is SmsDeliveryError =>
  error instanceof SmsDeliveryError;
