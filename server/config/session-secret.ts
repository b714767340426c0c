// Production refuses a session secret anyone could know or guess.

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
