// Spanish mail texts. Each returns subject, plain text and HTML.
import type { OutgoingMail } from './mailer.js';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function layout(
  title: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): string {
  const button = action
    ? `<p><a href="${escapeHtml(action.url)}" style="background:#c2410c;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>`
    : '';
  return `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:auto">
<h1 style="font-size:22px">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${button}
<p style="color:#6b7280;font-size:12px">Conciertos Mallorca · Tu agenda personalizada de conciertos</p>
</body></html>`;
}

/**
 * A mail of paragraphs and at most one link, as text and HTML. The text ends with the link after
 * `action.textLabel` (or the button's label).
 */
export function simpleMail(
  to: string,
  subject: string,
  { title, lines, action }: { title: string; lines: string[]; action?: MailAction },
): OutgoingMail {
  const link = action ? `\n\n${action.textLabel ?? action.label}: ${action.url}` : '';
  return {
    to,
    subject,
    text: `${lines.join('\n\n')}${link}\n`,
    html: layout(title, lines, action),
  };
}

interface MailAction {
  label: string;
  url: string;
  textLabel?: string;
}

const VERIFY_LINES = [
  'Confirma que este email es tuyo con el enlace de abajo: hasta entonces no te enviaremos el email semanal. El enlace caduca en 48 horas.',
  'Si no has creado tú esta cuenta, no abras el enlace e ignora este correo.',
];

/**
 * The welcome mail. With `verifyUrl` (an address not verified yet) its button is the verification
 * link, and it says what to do when someone else used the address.
 */
export function welcomeMail(to: string, publicUrl: string, verifyUrl?: string): OutgoingMail {
  const url = `${publicUrl}/myconcerts`;
  const lines = [
    '¡Gracias por unirte a Conciertos Mallorca!',
    'Cuéntanos qué géneros te gustan y cuáles no, y te diremos qué conciertos de la isla encajan contigo.',
    'Cada semana te enviaremos tus mejores planes. Puedes darte de baja cuando quieras.',
  ];
  if (verifyUrl) lines.push(...VERIFY_LINES);
  const text = verifyUrl
    ? `${lines.join('\n\n')}\n\nVerifica tu email: ${verifyUrl}\n\nTus conciertos: ${url}\n`
    : `${lines.join('\n\n')}\n\nTus conciertos: ${url}\n`;
  return {
    to,
    subject: 'Bienvenido a Conciertos Mallorca 🎶',
    text,
    html: layout(
      '¡Bienvenido a Conciertos Mallorca!',
      lines,
      verifyUrl
        ? { label: 'Verificar mi email', url: verifyUrl }
        : { label: 'Ver mis conciertos', url },
    ),
  };
}

/** The verification link again, asked for from the profile. */
export function emailVerificationMail(to: string, verifyUrl: string): OutgoingMail {
  return simpleMail(to, 'Verifica tu email de Conciertos Mallorca', {
    title: 'Verifica tu email',
    lines: VERIFY_LINES,
    action: { label: 'Verificar mi email', url: verifyUrl, textLabel: 'Verifica tu email' },
  });
}

export function passwordResetMail(to: string, resetUrl: string): OutgoingMail {
  const lines = [
    'Hemos recibido una petición para restablecer la contraseña de tu cuenta.',
    'El enlace sirve una sola vez y caduca en 1 hora. Si no lo has pedido tú, ignora este correo: tu contraseña no cambia.',
  ];
  return simpleMail(to, 'Restablece tu contraseña de Conciertos Mallorca', {
    title: 'Restablece tu contraseña',
    lines,
    action: {
      label: 'Cambiar contraseña',
      url: resetUrl,
      textLabel: 'Establece tu nueva contraseña',
    },
  });
}

/** One changed detail of a concert, as the fan reads it. */
export interface ConcertChangeLine {
  label: string;
  before: string;
  after: string;
}

/** A concert the fan liked changed (date, time, venue, price) or was cancelled: one mail per edit. */
export function concertChangeMail(
  to: string,
  concert: { title: string; when: string },
  change: { cancelled: boolean; lines: ConcertChangeLine[] },
  urls: { concerts: string; profile: string },
): OutgoingMail {
  const lines = change.cancelled
    ? [`El concierto «${concert.title}» del ${concert.when} se ha cancelado.`]
    : [
        `Ha cambiado el concierto «${concert.title}» que te gusta:`,
        ...change.lines.map((line) => `${line.label}: antes ${line.before}, ahora ${line.after}.`),
      ];
  const footer = 'Puedes dejar de recibir estos avisos en tu perfil.';
  const subject = change.cancelled
    ? `Concierto cancelado: ${concert.title}`
    : `Cambios en un concierto que te gusta: ${concert.title}`;
  return {
    to,
    subject,
    text: `${[...lines, footer].join('\n\n')}\n\nTus conciertos: ${urls.concerts}\nTu perfil: ${urls.profile}\n`,
    html: layout(
      change.cancelled ? 'Concierto cancelado' : 'Cambios en un concierto',
      [...lines, footer],
      { label: 'Ver mis conciertos', url: urls.concerts },
    ),
  };
}
