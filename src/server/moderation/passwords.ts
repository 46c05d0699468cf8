import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Moderator passwords: scrypt with a per-user salt. The parameters are stored in the hash
 * string ("scrypt$N=…,r=…,p=…$salt$hash", base64url), so they can be raised later and old
 * hashes still verify.
 */
const current = { N: 2 ** 15, r: 8, p: 1 } as const;
export type ScryptParameters = { readonly N: number; readonly r: number; readonly p: number };
const keyLength = 32;
export const passwordLength = { min: 12, max: 1024 } as const;

function derive(password: string, salt: Buffer, params: ScryptParameters): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r * params.p };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** The hash to store; other parameters than the current ones only for tests' throwaway accounts. */
export async function hashPassword(password: string, params: ScryptParameters = current): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return `scrypt$N=${params.N},r=${params.r},p=${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

const hashPattern = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

/** False for a wrong password and for a malformed or absurdly expensive stored hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = hashPattern.exec(stored);
  if (!match) return false;
  const [N, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Bounds keep a tampered row from turning one login into a memory or CPU bomb.
  if (N < 2 || (N & (N - 1)) !== 0 || r < 1 || p < 1 || p > 16 || 128 * N * r > 256 * 1024 * 1024) return false;
  const expected = Buffer.from(match[5]!, 'base64url');
  if (expected.length !== keyLength) return false;
  const key = await derive(password, Buffer.from(match[4]!, 'base64url'), { N, r, p });
  return timingSafeEqual(key, expected);
}

let dummy: Promise<string> | undefined;

/**
 * A hash of no one's password. Logins for unknown or disabled names verify against it, so they
 * take as long as real ones and timing does not reveal which names exist.
 */
export function dummyPasswordHash(): Promise<string> {
  return (dummy ??= hashPassword(randomBytes(32).toString('base64url')));
}

/** 24 characters of base64url: 144 random bits. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

export function passwordProblem(password: string): string | undefined {
  if (password.length < passwordLength.min) return `a password must be at least ${passwordLength.min} characters`;
  if (password.length > passwordLength.max) return `a password must be at most ${passwordLength.max} characters`;
  return undefined;
}
