import { hash, verify } from '@node-rs/argon2';

export interface PasswordHasherOptions {
  memoryCost: number;
  timeCost: number;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /**
   * Verifies against a throw-away hash with the same cost, so an unknown username takes as long as a
   * wrong password (no user enumeration by timing). Always false.
   */
  verifyDummy(password: string): Promise<boolean>;
}

/** argon2id (the library's default algorithm) with the configured cost. */
export function createPasswordHasher(options: PasswordHasherOptions): PasswordHasher {
  const params = { memoryCost: options.memoryCost, timeCost: options.timeCost, parallelism: 1 };
  let dummyHash: Promise<string> | null = null;
  const safeVerify = async (passwordHash: string, password: string) => {
    try {
      return await verify(passwordHash, password);
    } catch {
      // A malformed stored hash must read as "wrong password", never as a 500.
      return false;
    }
  };
  return {
    hash: (password) => hash(password, params),
    verify: safeVerify,
    async verifyDummy(password) {
      dummyHash ??= hash('dummy-password-for-timing', params);
      await safeVerify(await dummyHash, password);
      return false;
    },
  };
}
