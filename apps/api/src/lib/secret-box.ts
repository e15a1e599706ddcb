import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Secrets the server must read back (the authenticators' TOTP seeds) are stored sealed with AES-256-GCM:
 * `v1:` + base64url(12-byte IV | 16-byte tag | ciphertext). The version prefix lets a value written before
 * encryption (clear text, no prefix) still be read, and a later key or algorithm take `v2:`.
 */
export const SEALED_PREFIX = 'v1:';
const PREFIX = SEALED_PREFIX;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretBox {
  seal(plain: string): string;
  /** The clear value; a value without the prefix is clear text written before encryption. Throws when tampered with or sealed under another key. */
  open(stored: string): string;
  isSealed(stored: string): boolean;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('A chave de criptografia deve ter 32 bytes');
  const isSealed = (stored: string) => stored.startsWith(PREFIX);
  return {
    isSealed,
    seal(plain) {
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(stored) {
      if (!isSealed(stored)) return stored;
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
      if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('Valor cifrado inválido');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * The configured key (base64 of 32 bytes) or one generated once into DATA_DIR/<fileName> (mode 0600), like
 * the session secret. Two processes starting together agree on one key.
 */
export function resolveKey(configured: string | undefined, dataDir: string, fileName: string): Buffer {
  if (configured) return Buffer.from(configured, 'base64');
  const file = path.join(dataDir, fileName);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    // Written aside, then linked into place: the link fails if another process got there first, and a
    // reader never sees a half-written file.
    const temp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(temp, crypto.randomBytes(32).toString('base64'), { mode: 0o600 });
    try {
      fs.linkSync(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.unlinkSync(temp);
    }
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} não contém uma chave de 32 bytes em base64`);
  return key;
}

const boxes = new Map<string, SecretBox>();

/** The box of the authenticators' secrets for this configuration (TOTP_KEY or DATA_DIR/totp-key), built once. */
export function totpSecretBox(config: { TOTP_KEY?: string | undefined; DATA_DIR: string }): SecretBox {
  const id = `${config.TOTP_KEY ?? ''}\n${config.DATA_DIR}`;
  let box = boxes.get(id);
  if (!box) {
    box = createSecretBox(resolveKey(config.TOTP_KEY, config.DATA_DIR, 'totp-key'));
    boxes.set(id, box);
  }
  return box;
}
