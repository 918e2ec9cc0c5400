/** What vendor providers take from outside, so tests can pin the clock, the nonce and the network. */
export interface VendorDeps {
  fetch?: typeof fetch;
  now?: () => Date;
  /** A fresh random string per call (Aliyun's SignatureNonce); defaults to randomUUID. */
  random?: () => string;
}
