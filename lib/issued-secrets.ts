import { randomBytes } from 'node:crypto';
import { sha256Hex } from '@/lib/blobs/store';

/**
 * Bearer secrets handed out once and kept only as a hash: the desk's API tokens (`emd_`) and the
 * service's API keys (`emk_`). Both are made, stored and listed the same way, so that a leak of the
 * database gives no usable secret and people still recognise their secrets by prefix.
 */

/** A new secret: `kind` + 32 random bytes. Store `hash` and `prefix`; show `secret` once. */
export function issueSecret(kind: string): { secret: string; hash: string; prefix: string } {
  const secret = `${kind}${randomBytes(32).toString('base64url')}`;
  return { secret, hash: hashSecret(secret), prefix: secret.slice(0, 10) };
}

/** The hash a secret is stored and looked up by. */
export function hashSecret(secret: string): string {
  return sha256Hex(secret);
}

/** A secret as the pages list it: recognisable by name and prefix, never its hash. */
export interface IssuedSecretSummary {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}
