import { describe, expect, it } from 'vitest';
import { DUMMY_HASH, hashPassword, verifyPassword, verifyPasswordConstantTime } from './password';

describe('password', () => {
  it('hashes with argon2id at the OWASP parameters and verifies', async () => {
    const hash = await hashPassword('Demo1234!');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hashPassword('Demo1234!')).not.toBe(hash); // salted
    expect(await verifyPassword(hash, 'Demo1234!')).toBe(true);
    expect(await verifyPassword(hash, 'demo1234!')).toBe(false);
  });

  it('never throws on a malformed hash', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
    expect(await verifyPassword('', 'x')).toBe(false);
  });

  it('spends an argon2 verification on unknown accounts too', async () => {
    expect(DUMMY_HASH).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const hash = await hashPassword('segredo');
    expect(await verifyPasswordConstantTime(hash, 'segredo')).toBe(true);
    expect(await verifyPasswordConstantTime(hash, 'errado')).toBe(false);
    expect(await verifyPasswordConstantTime(null, 'segredo')).toBe(false);
    // Both failure paths run one full verification: compare their cost loosely (CI machines are noisy).
    const time = async (fn: () => Promise<unknown>) => {
      const start = performance.now();
      for (let i = 0; i < 3; i++) await fn();
      return performance.now() - start;
    };
    const wrong = await time(() => verifyPasswordConstantTime(hash, 'errado'));
    const unknown = await time(() => verifyPasswordConstantTime(undefined, 'errado'));
    expect(unknown).toBeGreaterThan(wrong / 4);
  });
});
