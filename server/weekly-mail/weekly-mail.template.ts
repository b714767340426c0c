// The weekly mail, HTML and plain text. Everything a fan typed or a band named is escaped.
import { spanishEuros, spanishLongDay } from '../../common/spanish-format.js';
import type { OutgoingMail } from '../mail/mailer.js';
import type { MailConcert } from './matches.repository.js';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

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
  matches: MailConcert[];
  /** Used when matches is empty: the next concerts of the island. */
  nextConcerts: MailConcert[];
  publicUrl: string;
  unsubscribeUrl: string;
  /** RFC 8058 one-click target: POST here unsubscribes without a page. */
  oneClickUrl: string;
  test: boolean;
}

function concertLines(concert: MailConcert): string[] {
  const lines = [
    `${concert.title} · ${spanishDay(concert.day)} a las ${concert.hour}`,
    `${concert.venue} · ${concert.genre} · ${spanishPrice(concert.price)}`,
  ];
  if (concert.score) lines.push(`${SCORE_LABEL[concert.score]}: ${concert.reason ?? ''}`.trim());
  return lines;
}

function concertHtml(concert: MailConcert, link: string): string {
  const reason = concert.score
    ? `<br><strong>${escapeHtml(SCORE_LABEL[concert.score])}</strong> ${escapeHtml(concert.reason ?? '')}`
    : '';
  return `<li style="margin-bottom:14px"><a href="${escapeHtml(link)}" style="color:#c2410c;font-weight:bold">${escapeHtml(concert.title)}</a><br>
${escapeHtml(spanishDay(concert.day))} a las ${escapeHtml(concert.hour)} · ${escapeHtml(concert.venue)}<br>
${escapeHtml(concert.genre)} · ${escapeHtml(spanishPrice(concert.price))}${reason}</li>`;
}

export function weeklyMail(input: WeeklyMailInput): OutgoingMail {
  const myConcerts = `${input.publicUrl}/myconcerts`;
  const profile = `${input.publicUrl}/profile`;
  const hello = input.name ? `¡Hola, ${input.name}!` : '¡Hola!';
  const hasMatches = input.matches.length > 0;
  const concerts = hasMatches ? input.matches : input.nextConcerts;
  const intro = hasMatches
    ? 'Estos son los conciertos de los próximos 14 días que mejor encajan contigo:'
    : 'Esta semana no hemos encontrado conciertos que encajen con tus gustos, pero esto es lo próximo que suena en la isla:';
  const invitation = hasMatches
    ? 'Tienes todas tus recomendaciones en Mis conciertos.'
    : 'Actualiza tus géneros favoritos en tu perfil y afinaremos tus recomendaciones.';
  const subject = `${input.test ? '[Prueba] ' : ''}${
    hasMatches ? 'Tus conciertos de la semana en Mallorca 🎶' : 'Lo próximo en Mallorca 🎶'
  }`;

  const text = [
    hello,
    intro,
    ...concerts.map((concert) => concertLines(concert).join('\n')),
    invitation,
    `Mis conciertos: ${myConcerts}`,
    ...(hasMatches ? [] : [`Tu perfil: ${profile}`]),
    `¿No quieres recibir más este correo? Date de baja: ${input.unsubscribeUrl}`,
  ].join('\n\n');

  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:auto">
<h1 style="font-size:22px">${escapeHtml(hello)}</h1>
<p>${escapeHtml(intro)}</p>
<ul style="padding-left:18px">${concerts.map((concert) => concertHtml(concert, myConcerts)).join('\n')}</ul>
<p>${escapeHtml(invitation)}</p>
<p><a href="${escapeHtml(myConcerts)}" style="background:#c2410c;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">Ver mis conciertos</a></p>
${hasMatches ? '' : `<p><a href="${escapeHtml(profile)}">Actualizar mis géneros</a></p>`}
<p style="color:#6b7280;font-size:12px">Recibes este correo porque estás suscrito a Conciertos Mallorca. <a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#6b7280">Darme de baja</a></p>
</body></html>`;

  return {
    to: input.to,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${input.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
