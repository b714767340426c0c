// Finding and running PostgreSQL's own programs for a backup: the newest pg_dump or pg_restore
// installed that can read the server, given the password through libpq's environment.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** The major version in a version text: its first number. */
export function majorOf(versionText: string): number | undefined {
  const match = /(\d+)(?:\.\d+)?/.exec(versionText);
  return match ? Number(match[1]) : undefined;
}

/** The newest pg_dump/pg_restore installed, if it can read a server of `serverMajor`. */
export function findPgTool(name: 'pg_dump' | 'pg_restore', serverMajor: number) {
  const candidates: string[] = [name];
  const debianDir = '/usr/lib/postgresql';
  if (existsSync(debianDir))
    for (const version of readdirSync(debianDir))
      candidates.push(path.join(debianDir, version, 'bin', name));
  let best: { file: string; major: number } | undefined;
  for (const file of candidates) {
    const result = spawnSync(file, ['--version'], { encoding: 'utf8' });
    const major = result.status === 0 ? majorOf(result.stdout.replace(/^[^\d]*/, '')) : undefined;
    if (major !== undefined && (!best || major > best.major)) best = { file, major };
  }
  return best && best.major >= serverMajor ? best.file : undefined;
}

/**
 * libpq's own variables for a URL, so the password never appears in a process list; the program
 * inherits the app's environment (config.processEnv) besides.
 */
export function libpqEnv(
  url: string,
  inherited: NodeJS.ProcessEnv,
): { env: NodeJS.ProcessEnv; dbname: string } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { env: { ...inherited, PGPASSWORD: password }, dbname: parsed.toString() };
}

/** Runs a PostgreSQL program; throws with its error output when it fails. */
export function runTool(file: string, args: string[], env: NodeJS.ProcessEnv): void {
  const result = spawnSync(file, args, { env, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(
      `${path.basename(file)} falló: ${(result.stderr || result.error?.message || '').trim()}`,
    );
}
