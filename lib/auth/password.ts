import { hash, verify } from '@node-rs/argon2';

// argon2id, 19 MiB, 2 iterations, parallelism 1: the OWASP minimum (docs/security.md).
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
