// The built-in engine's reasons for a score that what the fan taught us moved (verdict.ts): they
// say what was learned ("Nos dijiste que el blues no te convence del todo", "Te gustaron dos
// conciertos de Son de Portixol: este es el siguiente"), worded by the server's catalogues in the
// fan's language. Two phrasings per case, picked by fan and concert as reasons.ts does.
import type { Locale } from '../../common/i18n/locales.js';
import type { ServerMessageId } from '../../common/i18n/catalogues.js';
import { textsIn } from '../i18n/intl.js';
import type { LearnedVerdict } from './verdict.js';

export interface LearnedWording {
  locale: Locale;
  /** The same option for the same fan and concert every time (reasons.ts). */
  pick: <T>(options: T[]) => T;
  /** A genre's name in the sentence's language, and with its article. */
  name: (genre: string) => string;
  article: (name: string) => string;
  /** "Alba Serra toca Blues", when the genre is a band's and not the concert's own. */
  plays?: string;
}

const GENRE_PHRASES: ServerMessageId[] = ['reason.learnedGenre.said', 'reason.learnedGenre.count'];
const BAND_PHRASES: ServerMessageId[] = ['reason.learnedBand.next', 'reason.learnedBand.again'];

export function learnedReason(verdict: LearnedVerdict, wording: LearnedWording): string {
  const t = textsIn(wording.locale);
  const count = t('reason.number', { count: verdict.signals });
  if (verdict.because === 'learnedBand') {
    return t(wording.pick(BAND_PHRASES), { band: verdict.artist, count });
  }
  const genre = wording.name(verdict.genre);
  const theGenre = wording.article(genre);
  if (wording.plays) return t('reason.learnedGenre.band', { plays: wording.plays, theGenre });
  return t(wording.pick(GENRE_PHRASES), { genre, theGenre, count });
}
