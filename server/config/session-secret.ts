// The secrets that sign session cookies and unsubscribe links: production refuses one anyone could
// know or guess; development makes one and keeps it in DATA_DIR; the previous one still verifies.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from './config-error.js';

/**
 * Values published in this repository (docker-compose.yml's old default, test and bench fixtures):
 * anyone can read them, so they sign nothing in production. test/config.test.ts scans the
 * repository and fails when a secret-looking value there is missing from these rules.
 */
const PUBLIC_SESSION_SECRETS = [
  'change-me-change-me-change-me-change-me',
  'test-session-secret-test-session-secret',
  'bench-session-secret-bench-session-secret',
];

/** Fewer symbols than this is a word or a pattern; a random hex secret uses all 16. */
const MIN_DISTINCT_CHARACTERS = 10;

/** True when the text is one shorter piece repeated ('abcabcabc', 'change-me-change-me'). */
function isRepeated(text: string): boolean {
  for (let period = 1; period <= text.length / 2; period++) {
    let repeats = true;
    for (let i = period; i < text.length && repeats; i++) repeats = text[i] === text[i - period];
    if (repeats) return true;
  }
  return false;
}

/** Why a production session secret is unfit, in Spanish; undefined when it is fine. */
export function weakSessionSecretReason(secret: string): string | undefined {
  const value = secret.trim();
  if (PUBLIC_SESSION_SECRETS.some((known) => known.toLowerCase() === value.toLowerCase())) {
    return 'es un valor público (aparece en el repositorio)';
  }
  if (isRepeated(value)) return 'es un trozo de texto repetido';
  if (new Set(value).size < MIN_DISTINCT_CHARACTERS) {
    return `usa menos de ${MIN_DISTINCT_CHARACTERS} caracteres distintos`;
  }
  return undefined;
}

/** What is wrong with SESSION_SECRET and SESSION_SECRET_PREVIOUS, one line per problem. */
export function sessionSecretProblems(
  env: { SESSION_SECRET?: string; SESSION_SECRET_PREVIOUS?: string },
  production: boolean,
): string[] {
  const problems: string[] = [];
  if (production && !env.SESSION_SECRET) problems.push('SESSION_SECRET: obligatorio en producción');
  // The previous secret still verifies cookies, so a weak one is as open a door as a weak new one.
  for (const name of ['SESSION_SECRET', 'SESSION_SECRET_PREVIOUS'] as const) {
    const weakness = production && env[name] && weakSessionSecretReason(env[name]);
    if (weakness) {
      problems.push(
        `${name}: ${weakness}; en producción usa uno aleatorio y secreto, p. ej. openssl rand -base64 48`,
      );
    }
  }
  if (env.SESSION_SECRET_PREVIOUS && env.SESSION_SECRET_PREVIOUS === env.SESSION_SECRET)
    problems.push('SESSION_SECRET_PREVIOUS: es igual que SESSION_SECRET; pon el secreto anterior');
  if (env.SESSION_SECRET_PREVIOUS && !env.SESSION_SECRET)
    problems.push('SESSION_SECRET_PREVIOUS: requiere SESSION_SECRET (el secreto nuevo)');
  return problems;
}

/** In development the secret is generated once and kept in DATA_DIR so sessions survive restarts. */
export function developmentSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    if (existsSync(file)) return readFileSync(file, 'utf8').trim();
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  } catch (error) {
    // A first run must end in one clear line, not a stack trace.
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new ConfigError([
      `DATA_DIR: no se puede escribir en ${dataDir} (${code}); usa una carpeta en la que este usuario pueda escribir`,
    ]);
  }
}

/** Every secret a session cookie or an unsubscribe link may be signed with: the current one first. */
export function sessionSecretsOf(config: {
  sessionSecret: string;
  previousSessionSecret: string | undefined;
}) {
  return config.previousSessionSecret
    ? [config.sessionSecret, config.previousSessionSecret]
    : [config.sessionSecret];
}
