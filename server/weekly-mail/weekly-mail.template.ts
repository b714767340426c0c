// The weekly mail's content, drawn by the one mail template (which escapes every value).
import { concertPath } from '../../common/concert-page.js';
import { spanishEuros, spanishLongDay } from '../../common/spanish-format.js';
import {
  composeMail,
  type MailContent,
  type MailConcertItem,
  type MailImage,
} from '../mail/mail-template.js';
import type { OutgoingMail } from '../mail/mailer.js';
import { bandNamesOfRow } from '../pages/concert-page.dto.js';
import type { MailConcert } from './matches.repository.js';

/** "sábado, 14 de junio" for a yyyy-MM-dd calendar day (noon UTC never shifts the date). */
export const spanishDay = (day: string) => spanishLongDay(new Date(`${day}T12:00:00Z`));

/** 'Gratis' for 0 (a price of 0 means free), else euros as people in Spain write them. */
export const spanishPrice = (price: string) =>
  Number(price) === 0 ? 'Gratis' : spanishEuros(Number(price));

const SCORE_LABEL = {
  extreme: '¡Imprescindible!',
  high: 'Muy recomendado',
  medium: 'Puede gustarte',
};

export interface WeeklyMailInput {
  to: string;
  name: string | null;
  matches: WeeklyConcert[];
  /** Used when matches is empty: the next concerts of the island. */
  nextConcerts: WeeklyConcert[];
  publicUrl: string;
  unsubscribeUrl: string;
  /** RFC 8058 one-click target: POST here unsubscribes without a page. */
  oneClickUrl: string;
  test: boolean;
}

/** A concert of the mail, with its picture when it has one (mail-image.ts). */
export type WeeklyConcert = MailConcert & { image?: MailImage };

/** The weekly mail's view of a concert, for the template. */
function concertItem(concert: WeeklyConcert, publicUrl: string): MailConcertItem {
  const bands = bandNamesOfRow(concert);
  const path = concertPath(concert.id, { bands, venue: concert.venue, day: concert.day });
  return {
    title: bands.length > 0 ? bands.join(', ') : `Concierto de ${concert.genre}`,
    date: `${spanishDay(concert.day)} a las ${concert.hour}`,
    venue: concert.venue,
    details: [concert.genre, spanishPrice(concert.price)],
    image: concert.image,
    score: concert.score
      ? { label: SCORE_LABEL[concert.score], reason: concert.reason }
      : undefined,
    url: `${publicUrl}${path}`,
  };
}

export function weeklyMail(input: WeeklyMailInput): OutgoingMail {
  const myConcerts = `${input.publicUrl}/myconcerts`;
  const hasMatches = input.matches.length > 0;
  const concerts = hasMatches ? input.matches : input.nextConcerts;
  const subject = `${input.test ? '[Prueba] ' : ''}${
    hasMatches ? 'Tus conciertos de la semana en Mallorca 🎶' : 'Lo próximo en Mallorca 🎶'
  }`;
  const content: MailContent = {
    title: input.name ? `¡Hola, ${input.name}!` : '¡Hola!',
    lines: [
      hasMatches
        ? 'Estos son los conciertos de los próximos 14 días que mejor encajan contigo:'
        : 'Esta semana no hemos encontrado conciertos que encajen con tus gustos, pero esto es lo próximo que suena en la isla:',
    ],
    concerts: concerts.map((concert) => concertItem(concert, input.publicUrl)),
    closing: [
      hasMatches
        ? 'Tienes todas tus recomendaciones en Mis conciertos.'
        : 'Actualiza tus géneros favoritos en tu perfil y afinaremos tus recomendaciones.',
    ],
    action: { label: 'Ver mis conciertos', url: myConcerts, textLabel: 'Mis conciertos' },
    links: hasMatches
      ? []
      : [
          {
            label: 'Actualizar mis géneros',
            url: `${input.publicUrl}/profile`,
            textLabel: 'Tu perfil',
          },
        ],
    footer: {
      reason: 'Recibes este correo porque estás suscrito a Conciertos Mallorca.',
      unsubscribe: {
        label: 'Darme de baja',
        url: input.unsubscribeUrl,
        textLabel: '¿No quieres recibir más este correo? Date de baja',
      },
    },
  };
  return composeMail(input.to, subject, content, {
    'List-Unsubscribe': `<${input.oneClickUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  });
}
