// A message's files: PDF, images and audio, told apart by their bytes (never by the name or the
// Content-Type the browser sent). Images are re-encoded as the teachers' photos are (sharp, turned
// upright, metadata and GPS position dropped), at most 2,048 pixels a side, as WebP.
import sharp from 'sharp';
import { DomainError } from '@parliamo/domain';
import { MESSAGE } from '@parliamo/domain/contracts/messages';
import type { CheckedAttachment } from './commands.ts';

const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
/** Pixels a picture may decode to (as the photo upload allows): a small file can decode to a huge one. */
const MAX_PIXELS = 40_000_000;
const MAX_SIDE = 2048;

const ascii = (bytes: Buffer, from: number, to: number) => bytes.subarray(from, to).toString('latin1');

/** The kind of file by its first bytes: 'pdf', 'image', an audio type, or null for anything else. */
export function sniff(bytes: Buffer): 'pdf' | 'image' | 'audio/mpeg' | 'audio/ogg' | 'audio/wav' | 'audio/webm' | 'audio/mp4' | null {
  if (ascii(bytes, 0, 5) === '%PDF-') return 'pdf';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image';
  if (ascii(bytes, 0, 4) === 'GIF8') return 'image';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WAVE') return 'audio/wav';
  if (ascii(bytes, 0, 4) === 'OggS') return 'audio/ogg';
  if (bytes.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) return 'audio/webm';
  if (ascii(bytes, 4, 8) === 'ftyp' && /^M4[AB] $/.test(ascii(bytes, 8, 12))) return 'audio/mp4';
  if (ascii(bytes, 0, 3) === 'ID3') return 'audio/mpeg';
  // An MPEG audio frame: 11 set sync bits, a layer that exists, a bitrate that is neither free nor bad.
  if (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0 && (bytes[1]! & 0x06) !== 0 && (bytes[2]! & 0xf0) !== 0xf0) return 'audio/mpeg';
  return null;
}

/** A file name people can read back, with no path and at most 120 characters. */
function cleanName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return (base || fallback).slice(0, 120);
}

const withExtension = (name: string, ext: string) => `${name.replace(/\.[^.]{1,5}$/, '')}.${ext}`;

/** An image re-encoded as WebP, or a refusal when sharp cannot read it as one of the accepted formats. */
async function reencodeImage(bytes: Buffer): Promise<Buffer> {
  const wrong = () => new DomainError('unsupported', MESSAGE.messages.attachmentType);
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw wrong();
  }
  if (!meta.format || !IMAGE_FORMATS.has(meta.format) || (meta.width ?? 0) * (meta.height ?? 0) > MAX_PIXELS) throw wrong();
  try {
    return await sharp(bytes, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw wrong(); // a header that reads well over a body that does not
  }
}

/** One uploaded file as it will be kept: its checked type, a clean name, and (for an image) new bytes. */
export async function checkAttachment(file: { filename: string; bytes: Buffer }): Promise<CheckedAttachment> {
  if (file.bytes.length > MESSAGE.maxAttachmentBytes) throw new DomainError('too_large', MESSAGE.messages.attachmentTooBig);
  const kind = sniff(file.bytes);
  if (!kind) throw new DomainError('unsupported', MESSAGE.messages.attachmentType);
  if (kind === 'pdf') {
    // A real PDF ends with its end-of-file marker (a trailer may follow it by a few bytes).
    if (!ascii(file.bytes, Math.max(0, file.bytes.length - 1024), file.bytes.length).includes('%%EOF')) {
      throw new DomainError('unsupported', MESSAGE.messages.attachmentType);
    }
    return { name: cleanName(file.filename, 'document.pdf'), contentType: 'application/pdf', bytes: file.bytes };
  }
  if (kind === 'image') {
    const bytes = await reencodeImage(file.bytes);
    return { name: withExtension(cleanName(file.filename, 'image'), 'webp'), contentType: 'image/webp', bytes };
  }
  return { name: cleanName(file.filename, 'audio'), contentType: kind, bytes: file.bytes };
}
