/** Base64 of raw bytes, without Node's Buffer so it runs in the browser as well. */
export const bytesToBase64 = (bytes: Uint8Array): string => {
  let binary = '';
  // Chunked: spreading a large array into String.fromCharCode would overflow the call stack.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
};

export const base64ToBytes = (base64: string): Uint8Array =>
  Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

/** Base64 of the text's UTF-8 bytes (btoa alone only accepts Latin-1). */
export const utf8ToBase64 = (text: string): string => bytesToBase64(new TextEncoder().encode(text));

export const base64ToUtf8 = (base64: string): string => new TextDecoder().decode(base64ToBytes(base64));
