// Descriptions without an AI: a few hand-written Spanish patterns, picked per concert so a list of
// concerts does not read like a form letter.
import type { ConcertToDescribe } from './concerts-to-describe.repository.js';
import { spanishDay, spanishPrice } from '../weekly-mail/weekly-mail.template.js';
import { ofGenre, withArticle } from '../../common/genres.js';

export function whoPlays(concert: ConcertToDescribe): string {
  const names =
    concert.bands.length > 0 ? concert.bands : concert.bandname ? [concert.bandname] : [];
  if (names.length === 0)
    return `un concierto de ${concert.genre === 'R&B' ? 'R&B' : concert.genre.toLowerCase()}`;
  if (names.length === 1) return names[0]!;
  return `${names.slice(0, -1).join(', ')} y ${names[names.length - 1]}`;
}

const pick = <T>(options: T[], seed: number): T => options[seed % options.length]!;

const priceText = (concert: ConcertToDescribe) =>
  Number(concert.price) === 0
    ? 'con entrada gratuita'
    : `con entradas a ${spanishPrice(concert.price)}`;

export function templateShort(concert: ConcertToDescribe): string {
  const who = whoPlays(concert);
  const day = spanishDay(concert.day);
  const genre = concert.genre;
  return pick(
    [
      `${who} llega a ${concert.venue} el ${day} con lo mejor ${ofGenre(genre)}.`,
      `El ${day}, ${withArticle(genre)} suena en directo con ${who} en ${concert.venue}.`,
      `Cita con ${who} en ${concert.venue} el ${day}: una noche ${ofGenre(genre)} para no perderse.`,
      `${concert.venue} se llena ${ofGenre(genre)} el ${day} de la mano de ${who}.`,
    ],
    concert.id,
  );
}

export function templateLong(concert: ConcertToDescribe): string {
  const who = whoPlays(concert);
  const day = spanishDay(concert.day);
  const genre = concert.genre;
  const opening = pick(
    [
      `${who} sube al escenario de ${concert.venue} el ${day} a las ${concert.hour}.`,
      `El ${day} a las ${concert.hour}, ${concert.venue} recibe a ${who}.`,
      `Apunta la fecha: ${who} toca en ${concert.venue} el ${day}, a partir de las ${concert.hour}.`,
    ],
    concert.id,
  );
  const middle = pick(
    [
      `Será una noche para los amantes ${ofGenre(genre)}, con un directo pensado para disfrutarlo de principio a fin.`,
      `Si lo tuyo es ${withArticle(genre)}, aquí vas a encontrar energía, buen sonido y ambiente de sala.`,
      `Una propuesta ${ofGenre(genre)} que suena todavía mejor en vivo y cerca del escenario.`,
    ],
    concert.id + 1,
  );
  const closing = pick(
    [
      `El concierto es ${priceText(concert)}; conviene llegar con tiempo.`,
      `Se celebra ${priceText(concert)}, así que no lo dejes para el último momento.`,
      `Es ${priceText(concert)}: un buen plan para compartir con amigos en Mallorca.`,
    ],
    concert.id + 2,
  );
  return `${opening} ${middle} ${closing}`;
}
