// Teachers' photos: an upload is checked by its content, resized to a square and re-encoded as WebP
// (which also drops its metadata, GPS position included), then kept in PostgreSQL and served at an
// address made of the hash of its bytes, so that it can be cached for ever.
import crypto from 'node:crypto';
import type pg from 'pg';
import sharp from 'sharp';
import { DomainError, PHOTO, type ErrorCode } from '@parliamo/domain';
import { withTransaction } from '../platform/db/transaction.ts';
import { setProfileImageUrl } from './profile-store.ts';

const KIND_OF = { 400: 'invalid', 413: 'too_large', 415: 'unsupported' } as const;

/** A refusal of an upload, with its HTTP status (400, 413, 415) and code; the error handler answers it. */
export class PhotoRefused extends DomainError {
  constructor(status: keyof typeof KIND_OF, code: ErrorCode) {
    super(KIND_OF[status], code);
    this.name = 'PhotoRefused';
  }
}

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/** The address a stored photo is served at. */
export const photoUrl = (hash: string) => `/api/photos/${hash}.webp`;

/** `<hash>.webp` as `photoUrl` writes it; anything else names no photo. */
export const PHOTO_NAME = /^([0-9a-f]{32})\.webp$/;

/**
 * The uploaded bytes as the photo we keep: JPEG, PNG or WebP by their content (whatever the file is
 * called or claims to be), turned upright by their EXIF orientation, cropped to a centred square of
 * PHOTO.side pixels, WebP. Anything sharp cannot read is the wrong type.
 */
export async function processPhoto(input: Buffer): Promise<Buffer> {
  if (input.length > PHOTO.maxBytes) throw new PhotoRefused(413, PHOTO.messages.tooBig);
  let format: string | undefined;
  let pixels = 0;
  try {
    const meta = await sharp(input).metadata();
    format = meta.format;
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch {
    throw new PhotoRefused(415, PHOTO.messages.wrongType);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new PhotoRefused(415, PHOTO.messages.wrongType);
  if (pixels > PHOTO.maxPixels) throw new PhotoRefused(413, PHOTO.messages.tooManyPixels);
  try {
    return await sharp(input, { limitInputPixels: PHOTO.maxPixels })
      .rotate()
      .resize(PHOTO.side, PHOTO.side, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // A header that reads well over a body that does not (a truncated or forged file).
    throw new PhotoRefused(415, PHOTO.messages.wrongType);
  }
}

/** Keeps `bytes` as the person's photo (replacing the one before) and points their profile at it. */
export async function savePhoto(pool: pg.Pool, userId: string, bytes: Buffer, now: Date): Promise<string> {
  const hash = crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  const url = photoUrl(hash);
  await withTransaction(pool, async (client) => {
    await client.query(
      `INSERT INTO profile_photos (user_id, hash, content_type, bytes, uploaded_at) VALUES ($1, $2, 'image/webp', $3, $4)
       ON CONFLICT (user_id) DO UPDATE SET hash = EXCLUDED.hash, bytes = EXCLUDED.bytes, uploaded_at = EXCLUDED.uploaded_at`,
      [userId, hash, bytes, now],
    );
    await setProfileImageUrl(client, userId, url);
  });
  return url;
}

/** Removes the person's photo; their profile shows their initials. */
export async function removePhoto(pool: pg.Pool, userId: string): Promise<void> {
  await withTransaction(pool, async (client) => {
    await client.query(`DELETE FROM profile_photos WHERE user_id = $1`, [userId]);
    await setProfileImageUrl(client, userId, null);
  });
}

/** A stored photo by its hash, or undefined. */
export async function photoByHash(pool: pg.Pool, hash: string): Promise<{ bytes: Buffer; contentType: string } | undefined> {
  const { rows } = await pool.query<{ bytes: Buffer; content_type: string }>(
    `SELECT bytes, content_type FROM profile_photos WHERE hash = $1`,
    [hash],
  );
  return rows[0] && { bytes: rows[0].bytes, contentType: rows[0].content_type };
}
