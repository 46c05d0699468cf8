import { describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, passwordProblem, verifyPassword } from '../../../src/server/moderation/passwords';

describe('moderator passwords', () => {
  it('hash with a fresh salt each time and verify only the right password', async () => {
    const [a, b] = [await hashPassword('correct horse battery'), await hashPassword('correct horse battery')];
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse battery', a)).toBe(true);
    expect(await verifyPassword('correct horse battery', b)).toBe(true);
    expect(await verifyPassword('correct horse batterY', a)).toBe(false);
  });

  it('treat composed and decomposed Unicode as the same password', async () => {
    const hash = await hashPassword('s\u00e4hk\u00f6posti-salasana');
    expect(await verifyPassword('sa\u0308hko\u0308posti-salasana', hash)).toBe(true);
  });

  it('verify hashes made with other parameters, and refuse malformed or absurdly expensive ones', async () => {
    const hash = await hashPassword('correct horse battery');
    const cheaper = hash.replace('N=32768', 'N=1024');
    expect(await verifyPassword('correct horse battery', cheaper)).toBe(false); // same key, other cost: no match
    for (const bad of ['', 'plain', hash.replace('N=32768', 'N=3000'), hash.replace('N=32768', 'N=1073741824'), hash.slice(0, -4)]) {
      expect(await verifyPassword('correct horse battery', bad)).toBe(false);
    }
  });

  it('generate 24-character passwords that pass the rules, and say what is wrong with others', () => {
    const generated = new Set(Array.from({ length: 50 }, generatePassword));
    expect(generated.size).toBe(50);
    for (const password of generated) {
      expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(passwordProblem(password)).toBeUndefined();
    }
    expect(passwordProblem('short')).toBe('a password must be at least 12 characters');
    expect(passwordProblem('x'.repeat(1025))).toBe('a password must be at most 1024 characters');
  });
});
