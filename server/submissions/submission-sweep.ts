// The hourly clean-up of the submissions form: submissions never confirmed within 48 hours go,
// with their pictures; so do pictures nothing points to (a crash between storing one and its
// row), the record of form tokens old enough to be refused anyway, and old refusals of the
// hourly cap on confirmation mails.
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/database.js';
import type { Clock } from '../lib/time.js';
import { FORM_TOKEN_MAX_AGE_MS } from './form-token.js';
import { CONFIRMATION_HOURS } from './submission-mails.js';
import { deleteWaitingImage, submissionImagesDirOf, waitingImageUrl } from './submission-images.js';
import {
  deleteUnconfirmedBefore,
  pruneMailCapHits,
  pruneUsedFormNonces,
  waitingImageUrls,
} from './submissions.repository.js';

const CONFIRMATION_MS = CONFIRMATION_HOURS * 60 * 60 * 1000;

async function filesIn(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch {
    return [];
  }
}

/** Files older than any unconfirmed submission can be, that no waiting submission points to. */
async function deleteStrayImages(db: Database, dataDir: string, before: Date): Promise<void> {
  const dir = submissionImagesDirOf(dataDir);
  const waiting = await waitingImageUrls(db);
  for (const file of await filesIn(dir)) {
    if (waiting.has(waitingImageUrl(file))) continue;
    const { mtime } = await stat(path.join(dir, file));
    if (mtime < before) await rm(path.join(dir, file), { force: true });
  }
}

export async function sweepSubmissions(deps: {
  db: Database;
  dataDir: string;
  clock: Clock;
}): Promise<{ expired: number }> {
  const now = deps.clock().getTime();
  const before = new Date(now - CONFIRMATION_MS);
  const images = await deleteUnconfirmedBefore(deps.db, before);
  for (const url of images) await deleteWaitingImage(deps.dataDir, url);
  await deleteStrayImages(deps.db, deps.dataDir, before);
  // Twice the token's life, so instances whose clocks differ a little never forget a used one.
  await pruneUsedFormNonces(deps.db, new Date(now - 2 * FORM_TOKEN_MAX_AGE_MS));
  // The overview shows the cap's refusals of the last 24 hours; a day more is plenty.
  await pruneMailCapHits(deps.db, new Date(now - 48 * 60 * 60 * 1000));
  return { expired: images.length };
}
