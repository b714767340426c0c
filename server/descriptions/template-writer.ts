// Descriptions without an AI: a few hand-written patterns per language, picked per concert so a
// list of concerts does not read like a form letter. A pattern table, not the catalogues: the
// sentences join articles and prepositions to genres ('de l’indie', 'del rock') that ICU cannot.
import type { ConcertToDescribe } from './concerts-to-describe.repository.js';
import { concertDay, concertNames, concertPrice } from '../../common/concerts/display.js';
import { genreIn } from '../i18n/intl.js';
import { ofGenre, withArticle } from '../../common/genres/genres.js';
import { DEFAULT_LOCALE, type Locale } from '../../common/i18n/locales.js';
import { textsIn } from '../i18n/intl.js';

/** A genre in Catalan prose, with the article it takes: 'el rock', 'la salsa', 'l’indie'. */
function catalanGenre(genre: string) {
  const name = genre === 'R&B' ? genre : genreIn(textsIn('ca'), genre).toLowerCase();
  const feminine = genre === 'Salsa' || genre === 'Música Electrónica';
  // 'l’R&B' is read 'erra': elided like a vowel. 'el house', 'el hip-hop': an English h.
  const elided = /^[aeiouàèéíòóú]/.test(name) || genre === 'R&B';
  const article = elided ? 'l’' : feminine ? 'la ' : 'el ';
  return {
    withArticle: `${article}${name}`,
    of: `${article === 'el ' ? 'del ' : `de ${article}`}${name}`,
    bare: `${elided ? 'd’' : 'de '}${name}`,
  };
}

/** The names a concert is announced by: its bands, or its free name. */
const namesOf = (concert: ConcertToDescribe) =>
  concertNames({ bands: concert.bands, name: concert.bandname });

/** The artists, or what the concert is when none is named: 'A, B y C', 'un concierto de salsa'. */
export function whoPlays(concert: ConcertToDescribe, locale: Locale = DEFAULT_LOCALE): string {
  const names = namesOf(concert);
  const and = locale === 'ca' ? 'i' : 'y';
  if (names.length === 0) {
    if (locale === 'ca') return `un concert ${catalanGenre(concert.genre).bare}`;
    return `un concierto de ${concert.genre === 'R&B' ? 'R&B' : concert.genre.toLowerCase()}`;
  }
  if (names.length === 1) return names[0]!;
  return `${names.slice(0, -1).join(', ')} ${and} ${names[names.length - 1]}`;
}

/** A name's own article joined to the preposition before it ('Es' is Balearic's 'El'). */
const CONTRACTED: Record<'de' | 'a', Record<string, string>> = {
  de: { El: 'del', Els: 'dels', Es: 'des' },
  a: { El: 'al', Els: 'als' },
};

/** A name after Catalan 'de' or 'a': 'd’Ona Rock', 'des Gremi', 'al Tub'. */
function catalanBefore(preposition: 'de' | 'a', name: string): string {
  const [first = '', ...rest] = name.split(' ');
  const joined = CONTRACTED[preposition][first];
  if (joined && rest.length > 0) return `${joined} ${rest.join(' ')}`;
  if (preposition === 'de' && /^[aeiouàèéíòóú]/i.test(name)) return `d’${name}`;
  return `${preposition} ${name}`;
}
const de = (name: string) => catalanBefore('de', name);
const a = (name: string) => catalanBefore('a', name);

/** What the patterns are filled with, in the text's language. */
interface Words {
  who: string;
  /** More than one artist: the verb they are the subject of goes in the plural. */
  many: boolean;
  day: string;
  hour: string;
  venue: string;
  /** 'el rock', 'la salsa'. */
  genre: string;
  /** 'del rock', 'de la salsa'. */
  ofGenre: string;
  /** 'con entrada gratuita', 'con entradas a 12,50 €'. */
  price: string;
}

type Pattern = (w: Words) => string;

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

interface Patterns {
  /** The price as the closing sentences say it. */
  free: string;
  /** An unknown price, never said to be free. */
  unknown: string;
  paid: (price: string) => string;
  short: Pattern[];
  opening: Pattern[];
  middle: Pattern[];
  closing: Pattern[];
}

const PATTERNS: Record<Locale, Patterns> = {
  es: {
    free: 'con entrada gratuita',
    unknown: 'con el precio por confirmar',
    paid: (price) => `con entradas a ${price}`,
    short: [
      (w) =>
        `${w.who} ${w.many ? 'llegan' : 'llega'} a ${w.venue} el ${w.day} con lo mejor ${w.ofGenre}.`,
      (w) => `El ${w.day}, ${w.genre} suena en directo con ${w.who} en ${w.venue}.`,
      (w) =>
        `Cita con ${w.who} en ${w.venue} el ${w.day}: una noche ${w.ofGenre} para no perderse.`,
      (w) => `${w.venue} se llena ${w.ofGenre} el ${w.day} de la mano de ${w.who}.`,
    ],
    opening: [
      (w) =>
        `${w.who} ${w.many ? 'suben' : 'sube'} al escenario de ${w.venue} el ${w.day} a las ${w.hour}.`,
      (w) => `El ${w.day} a las ${w.hour}, ${w.venue} recibe a ${w.who}.`,
      (w) =>
        `Apunta la fecha: ${w.who} ${w.many ? 'tocan' : 'toca'} en ${w.venue} el ${w.day}, a partir de las ${w.hour}.`,
    ],
    middle: [
      (w) =>
        `Será una noche para los amantes ${w.ofGenre}, con un directo pensado para disfrutarlo de principio a fin.`,
      (w) =>
        `Si lo tuyo es ${w.genre}, aquí vas a encontrar energía, buen sonido y ambiente de sala.`,
      (w) => `Una propuesta ${w.ofGenre} que suena todavía mejor en vivo y cerca del escenario.`,
    ],
    closing: [
      (w) => `El concierto es ${w.price}; conviene llegar con tiempo.`,
      (w) => `Se celebra ${w.price}, así que no lo dejes para el último momento.`,
      (w) => `Es ${w.price}: un buen plan para compartir con amigos en Mallorca.`,
    ],
  },
  // Balearic where it differs: 'vespre' for the evening, 'darrer', 'des' before a name's 'Es'.
  ca: {
    free: 'amb entrada gratuïta',
    unknown: 'amb el preu per confirmar',
    paid: (price) => `amb entrades a ${price}`,
    short: [
      (w) =>
        `${w.who} ${w.many ? 'arriben' : 'arriba'} ${a(w.venue)} el ${w.day} amb el millor ${w.ofGenre}.`,
      (w) => `El ${w.day}, ${w.genre} sona en directe amb ${w.who} ${a(w.venue)}.`,
      (w) =>
        `Cita amb ${w.who} ${a(w.venue)} el ${w.day}: un vespre ${w.ofGenre} que no et pots perdre.`,
      (w) => `${w.venue} s’omple ${w.ofGenre} el ${w.day} de la mà ${de(w.who)}.`,
    ],
    opening: [
      (w) =>
        `${w.who} ${w.many ? 'pugen' : 'puja'} a l’escenari ${de(w.venue)} el ${w.day} a les ${w.hour}.`,
      (w) => `El ${w.day} a les ${w.hour}, ${w.venue} rep ${w.who}.`,
      (w) =>
        `Apunta’t la data: ${w.who} ${w.many ? 'toquen' : 'toca'} ${a(w.venue)} el ${w.day}, a partir de les ${w.hour}.`,
    ],
    middle: [
      (w) =>
        `Serà un vespre per als amants ${w.ofGenre}, amb un directe pensat per gaudir-lo de principi a fi.`,
      (w) => `Si t’agrada ${w.genre}, aquí hi trobaràs energia, bon so i ambient de sala.`,
      (w) => `Una proposta ${w.ofGenre} que sona encara millor en directe i a prop de l’escenari.`,
    ],
    closing: [
      (w) => `Hi pots anar ${w.price}; convé arribar-hi amb temps.`,
      (w) => `Es fa ${w.price}, així que no ho deixis per al darrer moment.`,
      (w) => `${upperFirst(w.price)}: un bon pla per compartir amb els amics a Mallorca.`,
    ],
  },
};

const pick = <T>(options: T[], seed: number): T => options[seed % options.length]!;

function wordsOf(concert: ConcertToDescribe, locale: Locale): Words {
  const { free, unknown, paid } = PATTERNS[locale];
  const catalan = locale === 'ca' ? catalanGenre(concert.genre) : undefined;
  return {
    who: whoPlays(concert, locale),
    many: namesOf(concert).length > 1,
    day: concertDay(locale, concert.day),
    hour: concert.hour,
    venue: concert.venue,
    genre: catalan?.withArticle ?? withArticle(concert.genre),
    ofGenre: catalan?.of ?? ofGenre(concert.genre),
    price:
      concert.price === null
        ? unknown
        : Number(concert.price) === 0
          ? free
          : paid(concertPrice(locale, concert.price, textsIn(locale))),
  };
}

export function templateShort(concert: ConcertToDescribe, locale: Locale = DEFAULT_LOCALE): string {
  const words = wordsOf(concert, locale);
  return upperFirst(pick(PATTERNS[locale].short, concert.id)(words));
}

export function templateLong(concert: ConcertToDescribe, locale: Locale = DEFAULT_LOCALE): string {
  const words = wordsOf(concert, locale);
  const { opening, middle, closing } = PATTERNS[locale];
  return [
    upperFirst(pick(opening, concert.id)(words)),
    pick(middle, concert.id + 1)(words),
    pick(closing, concert.id + 2)(words),
  ].join(' ');
}
