// Admin pictures: checked by decoding (not by the declared type), resized, stored as webp under a
// random, never reused name, so they can be cached forever.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { UPLOAD_MAX_WIDTH } from '../../common/uploads/limits.js';
import { badRequest } from '../lib/errors.js';

export const NOT_AN_IMAGE = 'error.upload.notAnImage';
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
// A 5 MB file can still declare a gigantic canvas; refuse it before decoding it.
const MAX_INPUT_PIXELS = 40_000_000;

export const uploadsDirOf = (dataDir: string) => path.join(dataDir, 'uploads');

/** The names storeImage gives (16 random bytes in hex), the only ones a backup may bring back. */
export const UPLOAD_FILE_NAME = /^[a-f0-9]{32}\.webp$/;

export async function toWebp(original: Buffer): Promise<Buffer> {
  let format: string | undefined;
  try {
    format = (await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw badRequest(NOT_AN_IMAGE);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw badRequest(NOT_AN_IMAGE);
  try {
    return await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate() // honour the EXIF orientation of phone photos before it is stripped
      .resize({ width: UPLOAD_MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw badRequest('error.upload.unreadable');
  }
}

/** Stores the picture and answers its public path, '/uploads/<random>.webp'. */
export async function storeImage(dataDir: string, original: Buffer): Promise<string> {
  const webp = await toWebp(original);
  const dir = uploadsDirOf(dataDir);
  await mkdir(dir, { recursive: true });
  const file = `${randomBytes(16).toString('hex')}.webp`;
  await writeFile(path.join(dir, file), webp, { flag: 'wx' });
  return `/uploads/${file}`;
}
