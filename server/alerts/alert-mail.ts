// The artist alert mail: first what it says, as plain data (alertMailData), then its HTML and
// plain text (alertMail). Only the second knows the markup, so another template can replace it.
import { concertPath } from '../../common/concert-page.js';
import { SCORE_VIEW, type Score } from '../../common/genres.js';
import type { OutgoingMail } from '../mail/mailer.js';
import { simpleMail } from '../mail/templates.js';
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
  concerts: AlertConcertRow[];
  publicUrl: string;
  /** The page that asks before unsubscribing from alerts. */
  unsubscribeUrl: string;
  /** RFC 8058 one-click target: POST here turns alerts off without a page. */
  oneClickUrl: string;
}

const scoreText = (score: Score) => `${SCORE_VIEW[score].emoji} Encaje ${SCORE_VIEW[score].label}`;

function concertOf(row: AlertConcertRow, publicUrl: string): AlertMailConcert {
  const bands = bandNamesOfRow(row);
  return {
    title: bands.length > 0 ? bands.join(' + ') : 'Concierto',
    when: `${spanishDay(row.day)} a las ${row.hour}`,
    venue: row.venue,
    score: row.score ? scoreText(row.score) : null,
    reason: row.reason,
    url: `${publicUrl}${concertPath(row.id, { bands, venue: row.venue, day: row.day })}`,
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

/** Each concert as paragraphs: title and when, the venue, the fan's score, its page. */
function concertLines(concert: AlertMailConcert): string[] {
  const lines = [`${concert.title} · ${concert.when}`, `Sala: ${concert.venue}`];
  if (concert.score) lines.push(`${concert.score}: ${concert.reason ?? ''}`.trim());
  lines.push(`Más información: ${concert.url}`);
  return lines;
}

export function alertMail(data: AlertMailData): OutgoingMail {
  const mail = simpleMail(data.to, data.subject, {
    title: data.title,
    lines: [
      ...data.intro,
      ...data.concerts.flatMap(concertLines),
      ...data.footer,
      `${data.unsubscribe.label}: ${data.unsubscribe.url}`,
    ],
    action: data.action,
  });
  return {
    ...mail,
    headers: {
      'List-Unsubscribe': `<${data.unsubscribe.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
