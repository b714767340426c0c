// Files only the user running the app may read (backups, the mail outbox): folders 0700, files
// 0600 whatever the umask, each file written under a temporary name in its folder and renamed into
// place, so no reader ever sees a half-written one.
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  createWriteStream,
  fchmodSync,
  fsyncSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;

/**
 * Creates `dir` (and its missing parents) or tightens it: mkdir's own mode is masked by the umask.
 * A shared folder (sticky, like /tmp) or someone else's is left as it is; its files stay private.
 */
export function privateDir(dir: string): string {
  mkdirSync(dir, { recursive: true, mode: FOLDER_MODE });
  const { mode, uid } = statSync(dir);
  if ((mode & 0o1000) === 0 && uid === process.getuid?.()) chmodSync(dir, FOLDER_MODE);
  return dir;
}

/** A new, empty folder named `prefix` + random characters, 0700. */
export function privateTempDir(prefix: string): string {
  const dir = mkdtempSync(prefix);
  chmodSync(dir, FOLDER_MODE);
  return dir;
}

/** A name beside `file` that starts with a dot and does not end like it (no listing takes it). */
function temporaryNameOf(file: string): string {
  const suffix = randomBytes(6).toString('hex');
  return path.join(path.dirname(file), `.${path.basename(file)}.tmp-${suffix}`);
}

interface Temporary {
  path: string;
  fd: number;
  close: () => void;
}

/** A new file beside `file`, 0600, open for writing. */
function openTemporary(file: string): Temporary {
  const name = temporaryNameOf(file);
  const fd = openSync(name, 'wx', FILE_MODE);
  let open = true;
  return {
    path: name,
    fd,
    close: () => {
      if (open) closeSync(fd);
      open = false;
    },
  };
}

function commit(temporary: Temporary, file: string): void {
  fsyncSync(temporary.fd);
  temporary.close();
  renameSync(temporary.path, file);
}

function discard(temporary: Temporary): void {
  temporary.close();
  rmSync(temporary.path, { force: true });
}

/** Writes `data` to `file` (0600), replacing it whole. */
export function writePrivateFile(file: string, data: string | Uint8Array): void {
  const temporary = openTemporary(file);
  try {
    fchmodSync(temporary.fd, FILE_MODE);
    writeFileSync(temporary.fd, data);
    commit(temporary, file);
  } catch (error) {
    discard(temporary);
    throw error;
  }
}

/** Writes what `source` yields to `file` (0600); if `source` fails, nothing is left behind. */
export async function writePrivateStream(
  file: string,
  source: Readable | AsyncIterable<Uint8Array>,
): Promise<void> {
  const name = temporaryNameOf(file);
  // The stream owns its descriptor: a write still in flight when `source` fails can only land in
  // this file, never in one that reuses the descriptor.
  const out = createWriteStream(name, { flags: 'wx', mode: FILE_MODE });
  try {
    await pipeline(source, out);
    const fd = openSync(name, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(name, file);
  } catch (error) {
    // Once closed (its open may still have been under way), so nothing recreates the file.
    if (!out.closed) await new Promise((resolve) => out.once('close', resolve));
    rmSync(name, { force: true });
    throw error;
  }
}
