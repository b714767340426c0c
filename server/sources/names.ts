// Names compared as people and sources write them: case, accents and punctuation aside
// ("ES GREMI", "Es Gremí", "es-gremi"), and "similar" as the identity of a concert needs it.
import { foldName } from '../../common/text/fold.js';

/** Folded (common/fold.ts), every run of punctuation or spaces one space. */
export const matchKey = (text: string) =>
  foldName(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** A shorter key inside a longer one, on word boundaries; short keys ("dj") never count. */
const MIN_CONTAINED = 4;
const contains = (long: string, short: string) =>
  short.length >= MIN_CONTAINED && ` ${long} `.includes(` ${short} `);

/**
 * Two concerts' names are similar when a name or band of one equals, contains or is contained in
 * a name or band of the other ("Los Planetas" and "Los Planetas + Triángulo de Amor Bizarro").
 */
export function similarNames(a: string[], b: string[]): boolean {
  const keysA = a.map(matchKey).filter((key) => key !== '');
  const keysB = b.map(matchKey).filter((key) => key !== '');
  return keysA.some((x) => keysB.some((y) => x === y || contains(x, y) || contains(y, x)));
}

const minutes = (hour: string) => Number(hour.slice(0, 2)) * 60 + Number(hour.slice(3, 5));

/** Two starts of one day within two hours of each other. */
export const withinTwoHours = (a: string, b: string) => Math.abs(minutes(a) - minutes(b)) <= 120;
