// The built-in engine's reasons: short sentences, in the fan's language, that state only facts.
// What the concert *is* is said with its own genre; a band's other genre is said as the band's
// ("X también toca Jazz"); a named artist is one of the concert's. Several phrasings per case,
// picked by fan and concert, so one fan's list does not repeat a sentence forty times.
import { ofGenre, withArticle } from '../../common/genres/genres.js';
import type { Locale } from '../../common/i18n/locales.js';
import { genreIn, textsIn } from '../i18n/intl.js';
import type { ConcertToScore, FanTaste } from './engine.js';
import { learnedReason } from './learned-reasons.js';
import type { GenreSource, Verdict } from './verdict.js';

type Phrase<T> = (fact: T) => string;

/** Every case's phrasings in one language, and how a band's genre is said in it. */
interface Phrases {
  /** "Alba Serra también toca Jazz" (`too`: it plays the concert's genre too), else "… toca Jazz". */
  plays: (band: string, genre: string, too: boolean) => string;
  /** A genre's name as the sentence writes it. */
  name: (genre: string) => string;
  /** "el blues", "l’indie": a genre's name (as `name` gives it) with its article. */
  article: (name: string) => string;
  favourite: Phrase<string>[];
  liked: Phrase<string>[];
  likedBand: Phrase<string>[];
  related: Phrase<[string, string]>[];
  relatedBand: Phrase<[string, string]>[];
  disliked: Phrase<string>[];
  dislikedBand: Phrase<[string, string]>[];
  unrelated: Phrase<string>[];
}

const SPANISH: Phrases = {
  plays: (band, genre, too) => `${band}${too ? ' también' : ''} toca ${genre}`,
  name: (genre) => genre,
  article: withArticle,
  favourite: [
    (artist) => `¡Toca ${artist}, uno de tus artistas favoritos! No te lo puedes perder.`,
    (artist) => `${artist} está en tu lista de favoritos: este es tu concierto.`,
    (artist) => `Tocan ${artist}, de tus favoritos. Reserva la fecha.`,
  ],
  liked: [
    (genre) => `Puro ${genre}, uno de tus géneros favoritos.`,
    (genre) => `Te encanta ${withArticle(genre)} y este concierto es de ${genre}.`,
    (genre) =>
      `Si te gusta ${withArticle(genre)}, aquí vas a disfrutar: es un concierto de ${genre}.`,
  ],
  likedBand: [
    (plays) => `${plays}, uno de tus géneros favoritos.`,
    (plays) => `Buena señal: ${plays}, y ese género te encanta.`,
  ],
  related: [
    ([genre, liked]) =>
      `No es exactamente lo tuyo, pero ${withArticle(genre)} está muy cerca ${ofGenre(liked)}, que te gusta.`,
    ([genre, liked]) =>
      `Puede sorprenderte: este concierto de ${genre} está muy cerca ${ofGenre(liked)}, que te gusta.`,
    ([genre, liked]) =>
      `Una buena oportunidad para probar algo cercano: si te gusta ${withArticle(liked)}, ${withArticle(genre)} puede encajarte.`,
  ],
  relatedBand: [
    ([plays, liked]) => `${plays}, un género muy cerca ${ofGenre(liked)}, que te gusta.`,
    ([plays, liked]) => `Puede sorprenderte: ${plays}, cercano ${ofGenre(liked)}, que te gusta.`,
  ],
  disliked: [
    (genre) =>
      `Nos dijiste que ${withArticle(genre)} no te gusta, y este concierto es de ${genre}.`,
    (genre) => `Es un concierto de ${genre}, un género que prefieres evitar.`,
  ],
  dislikedBand: [
    ([plays]) => `${plays}, un género que prefieres evitar.`,
    ([plays, genre]) => `${plays}, y nos dijiste que ${withArticle(genre)} no te gusta.`,
  ],
  unrelated: [
    (genre) => `Por tus gustos, este concierto de ${genre} no parece tu plan.`,
    (genre) => `Este concierto de ${genre} queda lejos de lo que sueles escuchar.`,
    (genre) => `Lo tuyo va por otro lado: aquí suena ${genre}.`,
  ],
};

const catalanName = (genre: string) => genreIn(textsIn('ca'), genre);
/** "el rock", "la salsa", "l’indie": a genre (its Catalan name) inside a Catalan sentence. */
function catalanArticle(name: string): string {
  const lower = name === 'R&B' ? name : name.toLowerCase();
  if (/^(salsa|música)/.test(lower)) return `la ${lower}`;
  return /^([aeiouàèéíòóú]|R&B)/.test(lower) ? `l’${lower}` : `el ${lower}`;
}
/** "del rock", "de la salsa", "de l’indie". */
const catalanOf = (name: string) => `de ${catalanArticle(name)}`.replace(/^de el /, 'del ');

const CATALAN: Phrases = {
  plays: (band, genre, too) => `${band}${too ? ' també' : ''} toca ${genre}`,
  name: catalanName,
  article: catalanArticle,
  favourite: [
    (artist) => `Toca ${artist}, un dels teus artistes preferits! No t’ho pots perdre.`,
    (artist) => `${artist} és a la teva llista de preferits: aquest és el teu concert.`,
    (artist) => `Toquen ${artist}, dels teus preferits. Reserva’t la data.`,
  ],
  liked: [
    (genre) => `Aquí sona ${genre}, un dels teus gèneres preferits.`,
    (genre) => `T’encanta ${catalanArticle(genre)} i aquest concert és de ${genre}.`,
    (genre) => `Si t’agrada ${catalanArticle(genre)}, aquí gaudiràs: és un concert de ${genre}.`,
  ],
  likedBand: [
    (plays) => `${plays}, un dels teus gèneres preferits.`,
    (plays) => `Bon senyal: ${plays}, i aquest gènere t’encanta.`,
  ],
  related: [
    ([genre, liked]) =>
      `No és ben bé el teu estil, però ${catalanArticle(genre)} és molt a prop ${catalanOf(liked)}, que t’agrada.`,
    ([genre, liked]) =>
      `Et pot sorprendre: aquest concert de ${genre} és molt a prop ${catalanOf(liked)}, que t’agrada.`,
    ([genre, liked]) =>
      `Una bona ocasió per provar una cosa propera: si t’agrada ${catalanArticle(liked)}, ${catalanArticle(genre)} et pot encaixar.`,
  ],
  relatedBand: [
    ([plays, liked]) => `${plays}, un gènere molt a prop ${catalanOf(liked)}, que t’agrada.`,
    ([plays, liked]) => `Et pot sorprendre: ${plays}, a prop ${catalanOf(liked)}, que t’agrada.`,
  ],
  disliked: [
    (genre) =>
      `Ens vares dir que ${catalanArticle(genre)} no t’agrada, i aquest concert és de ${genre}.`,
    (genre) => `És un concert de ${genre}, un gènere que prefereixes evitar.`,
  ],
  dislikedBand: [
    ([plays]) => `${plays}, un gènere que prefereixes evitar.`,
    ([plays, genre]) => `${plays}, i ens vares dir que ${catalanArticle(genre)} no t’agrada.`,
  ],
  unrelated: [
    (genre) => `Pels teus gusts, aquest concert de ${genre} no sembla el teu pla.`,
    (genre) => `Aquest concert de ${genre} queda lluny del que acostumes a escoltar.`,
    (genre) => `El teu estil va per una altra banda: aquí sona ${genre}.`,
  ],
};

const PHRASES: Record<Locale, Phrases> = { es: SPANISH, ca: CATALAN };

// A number per fan (from their taste: the engine never sees who they are), worked out once.
const tasteSeeds = new WeakMap<FanTaste, number>();
function tasteSeed(taste: FanTaste): number {
  let seed = tasteSeeds.get(taste);
  if (seed === undefined) {
    seed = 2166136261; // FNV-1a
    for (const char of [taste.topGenres, taste.dislikedGenres, taste.topArtists].join('|')) {
      seed = Math.imul(seed ^ char.charCodeAt(0), 16777619);
    }
    tasteSeeds.set(taste, seed);
  }
  return seed;
}

/** The same phrasing for the same fan and concert every time; another one for the next concert. */
function pick<T>(options: T[], taste: FanTaste, concert: ConcertToScore): T {
  const seed = Math.imul(tasteSeed(taste) ^ concert.id, 2654435761) >>> 0;
  return options[seed % options.length]!; // the index is taken modulo the length
}

export function reasonFor(verdict: Verdict, taste: FanTaste, concert: ConcertToScore): string {
  const say = PHRASES[taste.locale ?? 'es'];
  const pickFor = <T>(options: Phrase<T>[]) => pick(options, taste, concert);
  const { name } = say;
  const plays = (source: Required<GenreSource>) =>
    say.plays(source.band.name, name(source.genre), source.band.genres.includes(concert.genre));
  const byBand = (source: GenreSource): source is Required<GenreSource> => Boolean(source.band);
  switch (verdict.because) {
    case 'favourite':
      return pickFor(say.favourite)(verdict.artist);
    case 'disliked':
      return byBand(verdict)
        ? pickFor(say.dislikedBand)([plays(verdict), name(verdict.genre)])
        : pickFor(say.disliked)(name(verdict.genre));
    case 'liked':
      return byBand(verdict)
        ? pickFor(say.likedBand)(plays(verdict))
        : pickFor(say.liked)(name(verdict.genre));
    case 'related':
      return byBand(verdict)
        ? pickFor(say.relatedBand)([plays(verdict), name(verdict.liked)])
        : pickFor(say.related)([name(verdict.genre), name(verdict.liked)]);
    case 'unrelated':
      return pickFor(say.unrelated)(name(verdict.genre));
    case 'learnedGenre':
    case 'learnedBand':
      return learnedReason(verdict, {
        locale: taste.locale ?? 'es',
        pick: (options) => pick(options, taste, concert),
        name,
        article: say.article,
        plays: verdict.because === 'learnedGenre' && byBand(verdict) ? plays(verdict) : undefined,
      });
  }
}
