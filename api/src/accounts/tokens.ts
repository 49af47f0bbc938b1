import crypto from 'node:crypto';

/** A fresh random secret (256 bits) as URL-safe text: session ids and password reset tokens. */
export function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** What we store instead of a secret: its SHA-256, so a database leak gives no usable token. */
export function tokenHash(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
