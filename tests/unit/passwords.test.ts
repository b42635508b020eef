import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '#server/services/accounts/passwords.ts';

describe('password hashes', () => {
  it('verifies a hash made today, and refuses another password', async () => {
    const stored = await hashPassword('Portland-Stone-2026');
    expect(stored).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(await verifyPassword('Portland-Stone-2026', stored)).toBe(true);
    expect(await verifyPassword('Portland-Stone-2027', stored)).toBe(false);
  });

  it('still verifies a hash made with earlier parameters (N=2^17, p=1)', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('Bath-Stone-1', salt, 64, {
      N: 2 ** 17,
      r: 8,
      p: 1,
      maxmem: 256 * 1024 * 1024,
    });
    const stored = ['scrypt', 2 ** 17, 8, 1, salt.toString('base64'), key.toString('base64')].join(
      '$',
    );
    expect(await verifyPassword('Bath-Stone-1', stored)).toBe(true);
    expect(await verifyPassword('Bath-Stone-2', stored)).toBe(false);
  });
});
