import { createHash, randomBytes } from 'node:crypto';
import type { ApiKeyRecord, ApiKeyRepository } from '../storage/repositories/types';

const keyMarker = 'kerro_';
const prefixLength = 10;

/** A new key: a recognisable marker plus 32 random bytes (256 bits), base64url so it is form- and URL-safe. */
export function generateApiKey(): string {
  return keyMarker + randomBytes(32).toString('base64url');
}

/**
 * SHA-256 of the key, hex. A fast unsalted hash is right here: the keys carry 256 random bits,
 * so there is nothing to brute-force, unlike passwords; and a deterministic hash lets us look a
 * key up by an index instead of checking every stored key with a slow KDF.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The first characters, stored so operators can tell keys apart in listings without the key itself. */
export function keyPrefix(key: string): string {
  return key.slice(0, prefixLength);
}

/**
 * The active key record for a presented key, or undefined. Comparing in constant time is moot:
 * the lookup is by hash, and the hash of a guess says nothing about a stored key.
 */
export async function verifyApiKey(apiKeys: ApiKeyRepository, key: string | undefined | null): Promise<ApiKeyRecord | undefined> {
  if (typeof key !== 'string' || key.length === 0 || key.length > 200) return undefined;
  return apiKeys.findActiveByHash(hashApiKey(key));
}

/** Creates and stores a key; the caller gets the key once and must hand it on, it cannot be recovered. */
export async function createApiKey(
  apiKeys: ApiKeyRepository,
  name: string,
  now: number,
): Promise<{ key: string; record: ApiKeyRecord }> {
  const key = generateApiKey();
  const record = await apiKeys.create(name, hashApiKey(key), keyPrefix(key), now);
  return { key, record };
}
