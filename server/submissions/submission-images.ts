// A submission's picture is nobody's to see until an admin approves it: it waits in
// DATA_DIR/submission-images (0700, served to admins only), is copied into the public uploads on
// approval, and is deleted on rejection, on expiry, or when an admin replaces it.
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_SUBMISSION_IMAGE_PATTERN } from '../../common/submissions/limits.js';
import { privateDir, writePrivateFile } from '../lib/private-files.js';
import { toWebp, uploadsDirOf } from '../uploads/image-store.js';

const URL_PREFIX = '/api/admin/submissions/images/';

/** The admins' address of a waiting picture's file. */
export const waitingImageUrl = (file: string) => `${URL_PREFIX}${file}`;

export const submissionImagesDirOf = (dataDir: string) => path.join(dataDir, 'submission-images');

/** Stores the picture privately; answers the admins' address of it. */
export async function storeSubmissionImage(dataDir: string, original: Buffer): Promise<string> {
  const webp = await toWebp(original);
  const file = `${randomBytes(16).toString('hex')}.webp`;
  writePrivateFile(path.join(privateDir(submissionImagesDirOf(dataDir)), file), webp);
  return waitingImageUrl(file);
}

/** The file behind a waiting picture's address; undefined for any other address. */
function fileOf(dataDir: string, url: string | null): string | undefined {
  if (!url || !PRIVATE_SUBMISSION_IMAGE_PATTERN.test(url)) return undefined;
  return path.join(submissionImagesDirOf(dataDir), url.slice(URL_PREFIX.length));
}

export const isWaitingImage = (url: string | null) => fileOf('', url) !== undefined;

/**
 * Runs `work` with the picture's public address: a waiting one is copied into the uploads under
 * the same random name, and the copy is removed again if `work` fails (the approval was rolled
 * back). Any other address is passed as it is.
 */
export async function withPublishedImage<T>(
  dataDir: string,
  url: string | null,
  work: (publicUrl: string | null) => Promise<T>,
): Promise<T> {
  const file = fileOf(dataDir, url);
  if (!file) return work(url);
  const name = path.basename(file);
  const copy = path.join(uploadsDirOf(dataDir), name);
  await mkdir(uploadsDirOf(dataDir), { recursive: true });
  await copyFile(file, copy);
  try {
    return await work(`/uploads/${name}`);
  } catch (error) {
    await rm(copy, { force: true });
    throw error;
  }
}

/** Deletes a waiting picture; other addresses (an admin's upload, a URL) are left alone. */
export async function deleteWaitingImage(dataDir: string, url: string | null): Promise<void> {
  const file = fileOf(dataDir, url);
  if (file) await rm(file, { force: true });
}
