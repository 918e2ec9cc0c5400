import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id: the package's enum is a const enum, which isolated modules cannot read. */
const ARGON2ID = 2 as Algorithm;

/** OWASP's argon2id parameters; they are stored inside each hash so they can be raised later. */
export const ARGON2_PARAMS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_PARAMS);

export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

/** A hash made with weaker parameters than today's should be replaced at the next sign-in. */
export const needsRehash = (passwordHash: string): boolean => {
  const match = /^\$argon2id\$v=\d+\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(passwordHash);
  if (!match) return true;
  const [, m, t, p] = match.map(Number);
  return m! < ARGON2_PARAMS.memoryCost || t! < ARGON2_PARAMS.timeCost || p! < ARGON2_PARAMS.parallelism;
};
