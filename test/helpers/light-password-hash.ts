import { hashPassword } from '../../src/server/moderation/passwords';

/**
 * A password hash for a test's throwaway moderator, made with light scrypt parameters (N = 2^10).
 * The hash names its parameters, so signing in is the real verification, in about 1/30 of the time:
 * at the stored parameters (N = 2^15) each account and each sign-in cost 0.1–0.3 s of CPU, which
 * hundreds of tests paid for a check test/server/moderation/passwords.test.ts makes once.
 */
export function lightPasswordHash(password: string): Promise<string> {
  return hashPassword(password, { N: 2 ** 10, r: 8, p: 1 });
}
