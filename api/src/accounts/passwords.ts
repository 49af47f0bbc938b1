import argon2 from 'argon2';

/** OWASP's argon2id minimum: 19 MiB, 2 iterations, 1 lane. */
export const PASSWORD_HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id at the production parameters. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, PASSWORD_HASH_OPTIONS);
}

/**
 * True when `password` matches `hash` (any argon2 parameters: they are read from the hash). Costs one
 * argon2 verify whatever the hash: an account without a usable password (erased, or never given one)
 * is checked against the dummy hash, so timing does not tell such accounts apart.
 */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  if (!hash.startsWith('$argon2')) return verifyAgainstDummy(password);
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** True when a stored hash is weaker than today's parameters and should be replaced at the next login. */
export function needsRehash(hash: string): boolean {
  return hash.startsWith('$argon2') && argon2.needsRehash(hash, PASSWORD_HASH_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies `password` against a hash of a random password, so that an unknown email costs the same
 * time as a wrong password (no way to tell which accounts exist by timing).
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(crypto.randomUUID());
  await verifyPassword(await dummyHash, password);
  return false;
}

/** What an erased or password-less account holds instead of a hash: nothing verifies against it. */
export const UNUSABLE_PASSWORD = '!';
