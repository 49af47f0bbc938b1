import crypto from 'node:crypto';

// A fixed namespace for Parliamo's name-based ids (RFC 9562 UUID version 5).
const NAMESPACE = Buffer.from('5b0f6c1e9a3d4e7fb2c8d41a6e9f0c37', 'hex');

/**
 * The same UUID for the same fact, every time (UUID v5 of the parts). Ledger events of a provider's
 * notification get such ids, so a repeated or concurrent delivery appends nothing new.
 */
export function factId(...parts: string[]): string {
  const hash = crypto.createHash('sha1').update(NAMESPACE).update(parts.join('\u0000')).digest();
  const b = Buffer.from(hash.subarray(0, 16));
  b[6] = (b[6]! & 0x0f) | 0x50;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
