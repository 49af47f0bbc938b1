import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Turns one SESSION_KEY entry into a 32-byte key: 64 hex digits or 32 base64 bytes as they are, else
 * derived; throws one sentence for an entry too short to be a secret (the configuration checks with it).
 */
export function sessionKeyFrom(text: string): Buffer {
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, 'hex');
  const b64 = Buffer.from(text, 'base64');
  if (b64.length === 32 && /^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return b64;
  if (text.length < 32) throw new Error('Each SESSION_KEY entry must be at least 32 characters (64 hex digits recommended, e.g. from openssl rand -hex 32).');
  return crypto.createHash('sha256').update(text).digest();
}

/**
 * The keys that encrypt session cookies, first one used to encrypt, all accepted to decrypt (rotation:
 * put the new key first). From SESSION_KEY (comma-separated); when none is given, from
 * DATA_DIR/session-key, generated there (mode 0600) on first start.
 */
export function loadSessionKeys(configured: string[] | undefined, dataDir: string): Buffer[] {
  if (configured && configured.length) return configured.map(sessionKeyFrom);
  const file = path.join(dataDir, 'session-key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, crypto.randomBytes(32).toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e; // another process made it first
    }
  }
  return fs.readFileSync(file, 'utf8').split(/[\s,]+/).filter(Boolean).map(sessionKeyFrom);
}
