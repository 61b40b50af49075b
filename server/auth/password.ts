import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's first recommended setting (46 MiB, t=1, p=1). better-auth's default
 * scrypt parameters are weaker than today's guidance, so it is given these instead.
 * @node-rs/argon2 hashes with argon2id unless told otherwise.
 */
const ARGON2_OPTIONS = { memoryCost: 47_104, timeCost: 1, parallelism: 1, outputLen: 32 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    // A malformed stored hash is a failed sign-in, not a server error.
    return false;
  }
}
