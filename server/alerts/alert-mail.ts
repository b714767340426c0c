// The artist alert mail: first what it says, as plain data (alertMailData), then that data in the
// mails' one template (alertMail).
import { concertPath } from '../../common/concert-page.js';
import { SCORE_VIEW, type Score } from '../../common/genres.js';
import { composeMail, type MailImage } from '../mail/mail-template.js';
import type { OutgoingMail } from '../mail/mailer.js';
import { bandNamesOfRow } from '../pages/concert-page.dto.js';
import { spanishDay } from '../weekly-mail/weekly-mail.template.js';
import type { AlertConcertRow } from './alerts.repository.js';

export interface AlertMailConcert {
  title: string;
  /** "sábado, 14 de junio a las 21:00" */
  when: string;
  venue: string;
  /** "🔥🔥🔥 Encaje muy alto", or null while the fan's score is not there. */
  score: string | null;
  reason: string | null;
  url: string;
  image?: MailImage;
}

export interface AlertMailData {
  to: string;
  subject: string;
  title: string;
  intro: string[];
  concerts: AlertMailConcert[];
  action: { label: string; url: string };
  /** Why the fan gets it and where to choose how often. */
  footer: string[];
  unsubscribe: { label: string; url: string; oneClickUrl: string };
}

export interface AlertMailInput {
  to: string;
  name: string | null;
  concerts: (AlertConcertRow & { image?: MailImage })[];
  publicUrl: string;
  /** The page that asks before unsubscribing from alerts. */
  unsubscribeUrl: string;
  /** RFC 8058 one-click target: POST here turns alerts off without a page. */
  oneClickUrl: string;
}

const scoreText = (score: Score) => `${SCORE_VIEW[score].emoji} Encaje ${SCORE_VIEW[score].label}`;

function concertOf(
  row: AlertConcertRow & { image?: MailImage },
  publicUrl: string,
): AlertMailConcert {
  const bands = bandNamesOfRow(row);
  return {
    title: bands.length > 0 ? bands.join(' + ') : 'Concierto',
    when: `${spanishDay(row.day)} a las ${row.hour}`,
    venue: row.venue,
    score: row.score ? scoreText(row.score) : null,
    reason: row.reason,
    url: `${publicUrl}${concertPath(row.id, { bands, venue: row.venue, day: row.day })}`,
    ...(row.image ? { image: row.image } : {}),
  };
}

/** What the mail says, in Spanish; `concerts` is never empty. */
export function alertMailData(input: AlertMailInput): AlertMailData {
  const concerts = input.concerts.map((row) => concertOf(row, input.publicUrl));
  const one = concerts.length === 1 ? concerts[0] : undefined;
  const hello = input.name ? `¡Hola, ${input.name}!` : '¡Hola!';
  return {
    to: input.to,
    subject: one
      ? `Nuevo concierto de ${one.title} en Mallorca`
      : `${concerts.length} conciertos nuevos de tus artistas favoritos`,
    title: one ? `${one.title} toca en Mallorca` : 'Tus artistas favoritos tocan en Mallorca',
    intro: [
      hello,
      one
        ? 'Se ha anunciado un concierto de uno de tus artistas favoritos:'
        : 'Se han anunciado conciertos de tus artistas favoritos:',
    ],
    concerts,
    action: one
      ? { label: 'Ver el concierto', url: one.url }
      : { label: 'Ver mis conciertos', url: `${input.publicUrl}/myconcerts` },
    footer: [
      `Te avisamos porque ${one ? 'este artista está' : 'estos artistas están'} entre tus favoritos. En tu perfil puedes elegir si quieres los avisos en cuanto se anuncien, en un resumen al día o nunca.`,
    ],
    unsubscribe: {
      label: 'No quiero más avisos de mis artistas favoritos',
      url: input.unsubscribeUrl,
      oneClickUrl: input.oneClickUrl,
    },
  };
}

export function alertMail(data: AlertMailData): OutgoingMail {
  const { label, url, oneClickUrl } = data.unsubscribe;
  return composeMail(
    data.to,
    data.subject,
    {
      title: data.title,
      lines: data.intro,
      concerts: data.concerts.map((concert) => ({
        title: concert.title,
        date: concert.when,
        venue: concert.venue,
        url: concert.url,
        ...(concert.image ? { image: concert.image } : {}),
        ...(concert.score ? { score: { label: concert.score, reason: concert.reason } } : {}),
      })),
      action: data.action,
      footer: { reason: data.footer.join(' '), unsubscribe: { label, url } },
    },
    {
      'List-Unsubscribe': `<${oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  );
}
