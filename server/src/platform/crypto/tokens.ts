import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** An opaque 256-bit bearer token; only its SHA-256 is ever stored. */
export const newOpaqueToken = (): string => randomBytes(32).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export const newId = (prefix = ''): string => `${prefix}${randomUUID()}`;

/** A random password for the generated initial admin: 20 characters from four classes. */
export const randomPassword = (): string => {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '!@#%^*-_=+'];
  const all = sets.join('');
  const chars = sets.map((set) => set[randomBytes(1)[0]! % set.length]!);
  while (chars.length < 20) chars.push(all[randomBytes(1)[0]! % all.length]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomBytes(1)[0]! % (i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
};
