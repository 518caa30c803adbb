import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the product must give back to a machine later (a company's recording password), encrypted at
 * rest with AES-256-GCM (docs/admin-companies.md "Secrets"). The stored text is
 * `v1.<iv>.<tag>.<ciphertext>` (base64url; a fresh 96-bit IV each time). `context` is authenticated
 * data naming where the secret belongs (`companies:12:recording_password`), so a ciphertext copied to
 * another row or column does not decrypt.
 *
 * The key: SECRETS_KEY when set (64 hex digits or base64 of 32 bytes taken as they are, any other text
 * of at least 32 characters through SHA-256); otherwise derived (HKDF-SHA-256) from the JWT secret, which
 * is itself JWT_SECRET or the random one kept in DATA_DIR (jwt-secret.ts), so a default install keeps
 * working across restarts with no secret in the source code.
 */
export interface SecretBox {
  seal(plaintext: string, context: string): string;
  /** Throws when the text was not sealed with this key and context. */
  open(sealed: string, context: string): string;
}

const VERSION = 'v1';

export function secretsKeyOf(config: { secretsKey: string; jwtSecret: string }): Buffer {
  const configured = config.secretsKey.trim();
  if (configured) {
    if (/^[0-9a-f]{64}$/i.test(configured)) return Buffer.from(configured, 'hex');
    const decoded = Buffer.from(configured, 'base64');
    if (decoded.length === 32 && /^[A-Za-z0-9+/_-]{43}=?$/.test(configured)) return decoded;
    return createHash('sha256').update(configured, 'utf8').digest();
  }
  return Buffer.from(hkdfSync('sha256', Buffer.from(config.jwtSecret, 'utf8'), Buffer.alloc(0), 'callcentre secret box v1', 32));
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the secret box needs a 32-byte key');
  return {
    seal(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
    },
    open(sealed, context) {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
